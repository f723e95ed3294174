// What the bridge's files share: the SDL objects, the input state the panel's frames read, and
// Dear ImGui's headers (kept out of its own warnings). Not part of the C API.
#ifndef SCROLLAB_IMGUI_BRIDGE_INTERNAL_H
#define SCROLLAB_IMGUI_BRIDGE_INTERNAL_H

#include "ImGuiBridge.h"

#include <SDL2/SDL.h>
#include <vector>
// Dear ImGui's headers come from `pkg-config imgui` as -I, not -isystem: keep their warnings out.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_sdl.h>
#pragma clang diagnostic pop

namespace slgui {
extern SDL_Window *gWindow;
extern SDL_Renderer *gRenderer;
extern SDL_Texture *gFontTexture;
extern bool gHasPlatformBackend;
// The last pointer event's position (window points).
extern ImVec2 gMouse;
extern bool gHasMouse;
// The left button as the events processed so far say, and whether it went down since the last
// frame (a press and release read in one frame still make a click).
extern bool gButtonDown;
extern bool gButtonPressed;
// Keys pressed since the last frame began, and releases held back (see slgui_process_event).
extern bool gKeyPressedSinceFrame[SDL_NUM_SCANCODES];
extern std::vector<SDL_Event> gDeferredKeyUps;
extern std::vector<SDL_Event> gKeyUpsDue;
// Esc was pressed with a popup (a combo's list) open: the next frame closes it.
extern bool gClosePopups;
// The panel's rectangle as last placed (window points).
extern float gPanel[4];
// The track of the last value slider (window points).
extern float gSlider[4];
// The items of the last combo drawn, while its popup is open.
extern float gComboRects[64][4];
extern int gComboItems;

// Whether a window point is over the panel.
bool insidePanel(float x, float y);
// Feeds one event to the SDL backend with the modifiers it was typed with (Input.cpp).
void processWithOwnModifiers(const SDL_Event *e);
}  // namespace slgui

#endif
