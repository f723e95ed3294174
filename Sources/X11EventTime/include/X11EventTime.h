#ifndef SCROLLAB_X11_EVENT_TIME_H
#define SCROLLAB_X11_EVENT_TIME_H
// The X server's own time of a pointer event, from SDL's window-system message: the platform
// layer maps pointer samples to it, since SDL stamps events when it pumps them, in bursts on a
// busy machine. The only code that reads X11's event structures.

#ifdef __cplusplus
extern "C" {
#endif

// Milliseconds of the X server's clock for an SDL_SYSWMEVENT carrying a motion or button event
// (`event` is an SDL_Event); -1 for anything else, or where SDL does not run on X11.
double scrollab_x11_event_time(const void *event);

#ifdef __cplusplus
}
#endif
#endif
