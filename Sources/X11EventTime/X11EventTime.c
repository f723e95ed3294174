#include "X11EventTime.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

double scrollab_x11_event_time(const void *event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *e = (const SDL_Event *)event;
    if (e->type != SDL_SYSWMEVENT || !e->syswm.msg || e->syswm.msg->subsystem != SDL_SYSWM_X11) return -1;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: return (double)x->xmotion.time;
    case ButtonPress:
    case ButtonRelease: return (double)x->xbutton.time;
    default: return -1;
    }
#else
    (void)event;
    return -1;
#endif
}
