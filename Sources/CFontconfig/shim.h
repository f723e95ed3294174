#ifndef SCROLLAB_CFONTCONFIG_SHIM_H
#define SCROLLAB_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
