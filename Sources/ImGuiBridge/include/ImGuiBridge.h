// A plain C interface to the parts of Dear ImGui the tuning panel uses, one section per file.
// SDL objects are passed as opaque pointers so this header needs no SDL include.
#ifndef SCROLLAB_IMGUI_BRIDGE_H
#define SCROLLAB_IMGUI_BRIDGE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Context.cpp: the context, and each frame's start.
/// Creates the context, the SDL platform backend (when window is not NULL) and the font atlas
/// texture for `renderer`. `fontPath` may be NULL for ImGui's built-in font.
bool slgui_init(void *window, void *renderer, const char *fontPath, float fontSize);
void slgui_shutdown(void);
/// Starts a frame. With a window the SDL backend reads input; the mouse position is then the
/// last pointer event's (the 1.86 backend's global mouse state goes stale under X11 capture and
/// without input focus). Without a window (headless tests) pass the frame's display size, mouse and time step.
void slgui_new_frame(float displayWidth, float displayHeight, float scale, float deltaTime);
void slgui_set_mouse(float x, float y, bool down);
/// For a panel without a window (tests): Ctrl held, Enter or Escape down, for the next frame.
void slgui_set_keys(bool ctrl, bool enter, bool escape);
/// For a panel without a window (tests): text typed before the next frame.
void slgui_type(const char *text);

// Input.cpp: SDL events for the panel.
/// Feeds one SDL_Event; returns true when the panel wants it: a press or wheel over the panel
/// (or with a popup open), typing in a field. Esc is the panel's only while a field is edited
/// (it cancels the edit) or a popup is open (the next frame closes it); otherwise the app's.
bool slgui_process_event(const void *event);

// Renderer.cpp: drawing the frame with SDL_RenderGeometryRaw.
/// Renders the frame's draw data with SDL_RenderGeometryRaw.
void slgui_render(void);
/// Ends the frame as `slgui_render` does (its draw data and leftmost pixel are kept) but draws
/// nothing: for a panel nobody looks at (a headless panel's clicks and requests).
void slgui_end_frame(void);
/// Ends the frame and draws into a texture kept between frames: when `keptAsDrawn` (the texture
/// holds the last frame drawn this way), only the bands of pixel rows whose drawing changed are
/// cleared to (r, g, b) and redrawn; otherwise all of it. Returns the pixel rows redrawn, and in
/// `changedTop` ..< `changedBottom` the span of rows they lie in (0 ..< 0 when none).
int slgui_render_kept(bool keptAsDrawn, unsigned char r, unsigned char g, unsigned char b, int *changedTop,
                      int *changedBottom);
/// The leftmost x (points) the last rendered frame drew at: the panel's edge, or a tooltip's
/// or popup's further left.
float slgui_drawn_min_x(void);
/// Draws the last frame again, all of it, over (r, g, b) (what a kept drawing must equal).
void slgui_render_again(unsigned char r, unsigned char g, unsigned char b);

// Widgets.cpp. Labels are UTF-8; "##id" suffixes keep ids unique, as in ImGui.
bool slgui_begin_panel(const char *title, float x, float y, float width, float height);
void slgui_end_panel(void);
bool slgui_collapsing_header(const char *label, bool defaultOpen);
bool slgui_combo(const char *label, int *current, const char *const *items, int count);
/// While the last combo's popup is open: how many items it drew, and each one's rectangle.
int slgui_combo_item_count(void);
void slgui_combo_item_rect(int index, float *x, float *y, float *width, float *height);
// A button, greyed out and inert unless `enabled`.
bool slgui_button(const char *label, bool enabled);
bool slgui_checkbox(const char *label, bool *value);
bool slgui_input_text(const char *label, char *buffer, size_t size);
void slgui_same_line(void);
/// The track of the last value slider, in window points.
/// Puts the next button (`label`) on the same line when it fits there; returns whether it did.
bool slgui_same_line_if_fits(const char *label);
/// A child region of fixed height (scrolls if its content is taller); always pair with slgui_end_child.
void slgui_begin_child(const char *id, float height);
void slgui_end_child(void);
void slgui_push_item_width(float width);
void slgui_pop_item_width(void);
/// Width left for items on the current line of the current window.
float slgui_available_width(void);
/// The last item's rectangle in window points.
void slgui_last_item_rect(float *x, float *y, float *width, float *height);
/// The part of the current window its content shows in (a scrolled section's visible area).
void slgui_visible_rect(float *x, float *y, float *width, float *height);
/// The track of the last value slider, in window points.
void slgui_last_slider_rect(float *x, float *y, float *width, float *height);
void slgui_text(const char *text);
void slgui_text_disabled(const char *text);
void slgui_text_wrapped(const char *text);
/// Wrapped text in the error colour.
void slgui_text_error(const char *text);
/// The last message in an area `height` px tall (a child `id`, no scrollbar), wrapped at spaces
/// (in the error colour for an error): one longer than the area ends its last line at a word with
/// "…" and shows all of it in a tooltip on hover.
void slgui_message(const char *id, const char *text, bool error, float height);
/// The lines the last message showed, joined by newlines (for tests); returns their length.
size_t slgui_message_shown(char *buffer, size_t size);
/// A "(?)" marker whose tooltip is `text`.
void slgui_help_marker(const char *text);
/// A progress bar as wide as the panel's items (fraction 0…1) with `text` on it.
void slgui_progress(float fraction, const char *text);
/// A slider with its title (and a "(?)" marker with `help`) on a line above it and the value
/// text right-aligned on that line, so the knob never covers it; `marks` (positions in
/// [minimum, maximum], linear) are ticked on the track and labelled under it. The track moves
/// `position`; a Ctrl+click (when `allowInput`) opens a field that types `value` itself, in
/// [valueMinimum, valueMaximum], formatted with `inputFormat` (a track on another scale than the
/// value's, as 1 − value on a log scale, still takes the value typed). Returns whether anything
/// changed; `typed` says whether it was a value typed (in `value`) rather than the track moved.
bool slgui_value_slider(const char *id, const char *title, const char *help, const char *valueText, double *position,
                        double minimum, double maximum, bool logarithmic, double *value, double valueMinimum,
                        double valueMaximum, bool *typed, bool allowInput, const char *inputFormat,
                        const double *marks, const char *const *markLabels, int markCount, float width);
/// A chart: `title` on its own line, then a framed plot `height` px tall as wide as the panel,
/// mapping x0…x1 (left to right) and y0…y1 (bottom to top), with grid lines and labels at the
/// ticks given. Lines are added with `slgui_chart_line` until the next chart.
void slgui_chart(const char *id, const char *title, float height, double x0, double x1, double y0, double y1,
                 const double *xTicks, const char *const *xLabels, int xCount,
                 const double *yTicks, const char *const *yLabels, int yCount);
/// A line through (xs[i], ys[i]) on the last chart, clipped to its plot (colour 0xRRGGBB).
void slgui_chart_line(const double *xs, const double *ys, int count, unsigned int rgb, float thickness);
/// A table with `columns` columns: `cells` row by row, the first row the header.
void slgui_table(const char *id, int columns, int rows, const char *const *cells);
/// A QR code: `size` × `size` modules row by row (non-zero dark), `pixels` points a module, black
/// on a white square with the four-module quiet zone; it takes its room in the layout.
void slgui_qr(const unsigned char *modules, int size, float pixels);

#ifdef __cplusplus
}
#endif

#endif
