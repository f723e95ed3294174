// Input for the panel: SDL events fed to Dear ImGui's SDL backend, with the fixes its 1.86
// version needs under X11 (modifiers, pointer position and button from the events themselves).
#include "Internal.h"

// The backend takes a key event's modifiers from SDL_GetModState(), which is the state after
// every event SDL has pumped, not the one of this event: with Ctrl pressed and released in one
// burst (xdotool's ctrl+a, a quick shortcut) the A arrives with Ctrl already up and no select-all
// happens. The event's own modifiers are the ones it was typed with.
void slgui::processWithOwnModifiers(const SDL_Event *e) {
    ImGui_ImplSDL2_ProcessEvent(e);
    if (e->type != SDL_KEYDOWN && e->type != SDL_KEYUP) return;
    ImGuiIO &io = ImGui::GetIO();
    const Uint16 mod = e->key.keysym.mod;
    io.KeyShift = (mod & KMOD_SHIFT) != 0;
    io.KeyCtrl = (mod & KMOD_CTRL) != 0;
    io.KeyAlt = (mod & KMOD_ALT) != 0;
    io.KeySuper = (mod & KMOD_GUI) != 0;
}

using namespace slgui;

extern "C" {
bool slgui_process_event(const void *event) {
    if (!gHasPlatformBackend) return false;
    const SDL_Event *e = static_cast<const SDL_Event *>(event);
    // ImGui 1.86 reads keys as held or not at the start of a frame: a key pressed and released
    // between two frames (a quick tap of Enter or Esc) would never be seen. Its release waits
    // until a frame has seen it down.
    if (e->type == SDL_KEYDOWN && e->key.keysym.scancode < SDL_NUM_SCANCODES)
        gKeyPressedSinceFrame[e->key.keysym.scancode] = true;
    if (e->type == SDL_KEYUP && e->key.keysym.scancode < SDL_NUM_SCANCODES &&
        gKeyPressedSinceFrame[e->key.keysym.scancode]) {
        gDeferredKeyUps.push_back(*e);
    } else {
        processWithOwnModifiers(e);
    }
    // The pointer's own event positions: exact and window-relative, with or without focus.
    if (e->type == SDL_MOUSEMOTION) { gMouse = ImVec2((float)e->motion.x, (float)e->motion.y); gHasMouse = true; }
    if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) {
        gMouse = ImVec2((float)e->button.x, (float)e->button.y);
        gHasMouse = true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        gButtonDown = true;
        gButtonPressed = true;
    }
    if (e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_LEFT) gButtonDown = false;
    ImGuiIO &io = ImGui::GetIO();
    switch (e->type) {
    case SDL_MOUSEBUTTONDOWN:
        // Decided by where the press is, not by WantCaptureMouse, which is from the last frame:
        // a pointer that jumps from the panel to the phone and presses in one frame drags the phone.
        return insidePanel((float)e->button.x, (float)e->button.y) ||
               ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    case SDL_MOUSEWHEEL: {
        int x = 0, y = 0;
        SDL_GetMouseState(&x, &y);
        return insidePanel((float)x, (float)y) || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    }
    case SDL_MOUSEMOTION: case SDL_MOUSEBUTTONUP:
        return io.WantCaptureMouse;
    case SDL_KEYDOWN: case SDL_KEYUP:
        // Esc while a field is being edited cancels the edit (ImGui restores the value and closes
        // the field); with a popup open (a combo's list) it closes the popup; otherwise it
        // reaches the app, which quits, also right after typing.
        if (e->key.keysym.sym == SDLK_ESCAPE) {
            if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
                if (e->type == SDL_KEYDOWN) gClosePopups = true;
                return true;
            }
            return io.WantTextInput;
        }
        return io.WantCaptureKeyboard;
    case SDL_TEXTINPUT:
        return io.WantCaptureKeyboard;
    default:
        return false;
    }
}
}  // extern "C"
