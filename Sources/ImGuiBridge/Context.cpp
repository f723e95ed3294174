// Dear ImGui's context behind the C API: set-up, style, the font texture and each frame's start.
#include "Internal.h"

namespace slgui {
SDL_Window *gWindow = nullptr;
SDL_Renderer *gRenderer = nullptr;
SDL_Texture *gFontTexture = nullptr;
bool gHasPlatformBackend = false;
// The last pointer event's position (window points).
ImVec2 gMouse(0, 0);
bool gHasMouse = false;
// The left button as the events processed so far say, and whether it went down since the last
// frame (a press and release read in one frame still make a click).
bool gButtonDown = false;
bool gButtonPressed = false;
// Keys pressed since the last frame began, and releases held back (see slgui_process_event).
bool gKeyPressedSinceFrame[SDL_NUM_SCANCODES] = {};
std::vector<SDL_Event> gDeferredKeyUps;
std::vector<SDL_Event> gKeyUpsDue;
// Esc was pressed with a popup (a combo's list) open: the next frame closes it.
bool gClosePopups = false;
// The panel's rectangle as last placed (window points).
float gPanel[4] = {0, 0, 0, 0};
// The track of the last value slider (window points).
float gSlider[4] = {0, 0, 0, 0};
// The items of the last combo drawn, while its popup is open.
float gComboRects[64][4];
int gComboItems = 0;

bool insidePanel(float x, float y) {
    return x >= gPanel[0] && y >= gPanel[1] && x < gPanel[0] + gPanel[2] && y < gPanel[1] + gPanel[3];
}

bool createFontTexture() {
    ImGuiIO &io = ImGui::GetIO();
    unsigned char *pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    gFontTexture = SDL_CreateTexture(gRenderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, width, height);
    if (!gFontTexture) return false;
    SDL_UpdateTexture(gFontTexture, nullptr, pixels, 4 * width);
    SDL_SetTextureBlendMode(gFontTexture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(gFontTexture, SDL_ScaleModeLinear);
    io.Fonts->SetTexID((ImTextureID)gFontTexture);
    return true;
}

void applyStyle() {
    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 0;
    style.FrameRounding = 5;
    style.GrabRounding = 5;
    style.PopupRounding = 6;
    style.FramePadding = ImVec2(8, 5);
    style.ItemSpacing = ImVec2(8, 7);
    style.WindowPadding = ImVec2(14, 12);
    style.WindowBorderSize = 0;
    ImVec4 *c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.11f, 0.12f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.20f, 0.22f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.26f, 0.26f, 0.29f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.30f, 0.30f, 0.34f, 1.0f);
    c[ImGuiCol_SliderGrab] = ImVec4(0.04f, 0.52f, 1.0f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.35f, 0.70f, 1.0f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.18f, 0.18f, 0.20f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.24f, 0.27f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.28f, 0.31f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.04f, 0.52f, 1.0f, 0.75f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.04f, 0.52f, 1.0f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.0f, 0.42f, 0.85f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.35f, 0.70f, 1.0f, 1.0f);
    c[ImGuiCol_PlotLines] = ImVec4(0.35f, 0.70f, 1.0f, 1.0f);
}
}  // namespace slgui

using namespace slgui;

extern "C" {

bool slgui_init(void *window, void *renderer, const char *fontPath, float fontSize) {
    gWindow = static_cast<SDL_Window *>(window);
    gRenderer = static_cast<SDL_Renderer *>(renderer);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout is code, not a file left behind
    io.BackendRendererName = "scrollab_sdlrenderer";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    applyStyle();
    // SDL's software renderer turns ImGui's texture-drawn thin lines (quads sampling a strip of
    // the font atlas) into scaled copies that land a pixel apart segment by segment, so a flat
    // plot line looked like a comb: there, lines are drawn as anti-aliased triangles instead.
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(gRenderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE) != 0) {
        ImGui::GetStyle().AntiAliasedLinesUseTex = false;
    }
    if (fontPath && fontPath[0]) {
        static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x22FF, 0};
        if (!io.Fonts->AddFontFromFileTTF(fontPath, fontSize, nullptr, ranges)) io.Fonts->AddFontDefault();
    } else {
        io.Fonts->AddFontDefault();
    }
    if (gWindow) gHasPlatformBackend = ImGui_ImplSDL2_InitForSDLRenderer(gWindow);
    return createFontTexture();
}

void slgui_shutdown(void) {
    if (gHasPlatformBackend) ImGui_ImplSDL2_Shutdown();
    gHasPlatformBackend = false;
    if (gFontTexture) SDL_DestroyTexture(gFontTexture);
    gFontTexture = nullptr;
    ImGui::DestroyContext();
}

void slgui_new_frame(float displayWidth, float displayHeight, float scale, float deltaTime) {
    ImGuiIO &io = ImGui::GetIO();
    // Releases held back for the last frame (it saw their keys down) apply now; this frame's
    // wait for the next one.
    for (const SDL_Event &up : gKeyUpsDue) processWithOwnModifiers(&up);
    gKeyUpsDue.swap(gDeferredKeyUps);
    gDeferredKeyUps.clear();
    for (bool &pressed : gKeyPressedSinceFrame) pressed = false;
    if (gHasPlatformBackend) {
        ImGui_ImplSDL2_NewFrame();
        // The backend read SDL_GetGlobalMouseState, which stays stale under X11 capture, and
        // without input focus (X without a window manager) it keeps an old position, so a
        // quick click lands where the pointer was. Use the position of the last pointer event.
        if (gHasMouse) io.MousePos = gMouse;
        // The button from the same events as the position. The backend reads SDL_GetMouseState,
        // which can already hold a press whose event (and new position) this frame has not
        // read yet: ImGui then clicks at the old position, where the previous click was.
        io.MouseDown[0] = gButtonPressed || gButtonDown;
        gButtonPressed = false;
    } else {
        io.DisplaySize = ImVec2(displayWidth, displayHeight);
        io.DeltaTime = deltaTime > 0 ? deltaTime : 1.0f / 60.0f;
    }
    io.DisplayFramebufferScale = ImVec2(scale, scale);
    ImGui::NewFrame();
    if (gClosePopups) {
        ImGui::ClosePopupToLevel(0, true);
        gClosePopups = false;
    }
}

void slgui_set_mouse(float x, float y, bool down) {
    ImGuiIO &io = ImGui::GetIO();
    io.MousePos = ImVec2(x, y);
    io.MouseDown[0] = down;
}

void slgui_set_keys(bool ctrl, bool enter, bool escape) {
    ImGuiIO &io = ImGui::GetIO();
    if (!gHasPlatformBackend) {
        // Without the SDL backend no key has a slot: give Enter and Escape two.
        io.KeyMap[ImGuiKey_Enter] = 1;
        io.KeyMap[ImGuiKey_Escape] = 2;
    }
    io.KeyCtrl = ctrl;
    if (io.KeyMap[ImGuiKey_Enter] >= 0) io.KeysDown[io.KeyMap[ImGuiKey_Enter]] = enter;
    if (io.KeyMap[ImGuiKey_Escape] >= 0) io.KeysDown[io.KeyMap[ImGuiKey_Escape]] = escape;
}

void slgui_type(const char *text) { ImGui::GetIO().AddInputCharactersUTF8(text); }

}  // extern "C"
