#ifndef SCROLLAB_CQRENCODE_SHIM_H
#define SCROLLAB_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
