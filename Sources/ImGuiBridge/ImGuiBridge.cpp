// Dear ImGui behind a C API, with a renderer backend of our own over SDL_RenderGeometryRaw.
#include "ImGuiBridge.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <climits>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
// Dear ImGui's headers come from `pkg-config imgui` as -I, not -isystem: keep their warnings out.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_sdl.h>
#pragma clang diagnostic pop

namespace {
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
}  // namespace

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
    // The X server's own event times (see slgui_pointer_event_time).
    if (gWindow) SDL_EventState(SDL_SYSWMEVENT, SDL_ENABLE);
    return createFontTexture();
}

void slgui_shutdown(void) {
    if (gHasPlatformBackend) ImGui_ImplSDL2_Shutdown();
    gHasPlatformBackend = false;
    if (gFontTexture) SDL_DestroyTexture(gFontTexture);
    gFontTexture = nullptr;
    ImGui::DestroyContext();
}

// The backend takes a key event's modifiers from SDL_GetModState(), which is the state after
// every event SDL has pumped, not the one of this event: with Ctrl pressed and released in one
// burst (xdotool's ctrl+a, a quick shortcut) the A arrives with Ctrl already up and no select-all
// happens. The event's own modifiers are the ones it was typed with.
static void processWithOwnModifiers(const SDL_Event *e) {
    ImGui_ImplSDL2_ProcessEvent(e);
    if (e->type != SDL_KEYDOWN && e->type != SDL_KEYUP) return;
    ImGuiIO &io = ImGui::GetIO();
    const Uint16 mod = e->key.keysym.mod;
    io.KeyShift = (mod & KMOD_SHIFT) != 0;
    io.KeyCtrl = (mod & KMOD_CTRL) != 0;
    io.KeyAlt = (mod & KMOD_ALT) != 0;
    io.KeySuper = (mod & KMOD_GUI) != 0;
}

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

double slgui_pointer_event_time(const void *event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *e = static_cast<const SDL_Event *>(event);
    if (e->type != SDL_SYSWMEVENT || !e->syswm.msg || e->syswm.msg->subsystem != SDL_SYSWM_X11) return -1;
    const XEvent &x = e->syswm.msg->msg.x11.event;
    switch (x.type) {
    case MotionNotify: return (double)x.xmotion.time;
    case ButtonPress: case ButtonRelease: return (double)x.xbutton.time;
    default: return -1;
    }
#else
    (void)event;
    return -1;
#endif
}

bool slgui_wants_mouse(void) { return ImGui::GetIO().WantCaptureMouse; }
bool slgui_wants_keyboard(void) { return ImGui::GetIO().WantCaptureKeyboard; }

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

static float gDrawnMinX = 0;

float slgui_drawn_min_x(void) { return gDrawnMinX; }

namespace {
// The panel texture is kept between frames; a frame redraws only the bands of pixel rows whose
// drawing changed (the live readouts while a phone moves), found by hashing, per band, every
// triangle that touches it with its clip rectangle and texture, in drawing order.
const int kBandRows = 8;
std::vector<uint64_t> gBandHashes;
std::vector<uint64_t> gNewHashes;
bool gBandsValid = false;
std::vector<ImDrawIdx> gPicked;

// Folds `count` bytes (a multiple of 4) into `hash`, eight at a time.
uint64_t mix(uint64_t hash, const void *bytes, size_t count) {
    const unsigned char *p = static_cast<const unsigned char *>(bytes);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        memcpy(&word, p + i, 8);
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
    }
    for (; i < count; i += 4) {
        uint32_t word;
        memcpy(&word, p + i, 4);
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
    }
    return hash;
}

struct PixelBox { float minX, minY, maxX, maxY; };

PixelBox boxOf(const ImDrawVert &a, const ImDrawVert &b, const ImDrawVert &c, ImVec2 origin, float sx, float sy) {
    return PixelBox{(fminf(a.pos.x, fminf(b.pos.x, c.pos.x)) - origin.x) * sx,
                    (fminf(a.pos.y, fminf(b.pos.y, c.pos.y)) - origin.y) * sy,
                    (fmaxf(a.pos.x, fmaxf(b.pos.x, c.pos.x)) - origin.x) * sx,
                    (fmaxf(a.pos.y, fmaxf(b.pos.y, c.pos.y)) - origin.y) * sy};
}

SDL_Rect clipOf(const ImDrawCmd &cmd, ImVec2 origin, float sx, float sy) {
    return SDL_Rect{(int)((cmd.ClipRect.x - origin.x) * sx), (int)((cmd.ClipRect.y - origin.y) * sy),
                    (int)((cmd.ClipRect.z - cmd.ClipRect.x) * sx), (int)((cmd.ClipRect.w - cmd.ClipRect.y) * sy)};
}

// One hash per band of `rows` pixel rows over `height` rows.
void hashBands(ImDrawData *data, int height, std::vector<uint64_t> &hashes) {
    const float sx = data->FramebufferScale.x, sy = data->FramebufferScale.y;
    const int bands = (height + kBandRows - 1) / kBandRows;
    hashes.assign((size_t)bands, 14695981039346656037ULL);
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        for (int i = 0; i < list->CmdBuffer.Size; i++) {
            const ImDrawCmd &cmd = list->CmdBuffer[i];
            if (cmd.UserCallback) continue;
            SDL_Rect clip = clipOf(cmd, data->DisplayPos, sx, sy);
            if (clip.w <= 0 || clip.h <= 0) continue;
            struct { SDL_Rect clip; ImTextureID texture; } context = {clip, cmd.GetTexID()};
            const ImDrawVert *first = list->VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx *idx = list->IdxBuffer.Data + cmd.IdxOffset;
            for (unsigned e = 0; e + 2 < cmd.ElemCount; e += 3) {
                const ImDrawVert &a = first[idx[e]], &b = first[idx[e + 1]], &c = first[idx[e + 2]];
                PixelBox box = boxOf(a, b, c, data->DisplayPos, sx, sy);
                int from = (int)floorf(fmaxf(box.minY - 1, (float)clip.y)) / kBandRows;
                int to = (int)floorf(fminf(box.maxY + 1, (float)(clip.y + clip.h))) / kBandRows;
                if (from < 0) from = 0;
                if (to >= bands) to = bands - 1;
                for (int band = from; band <= to; band++) {
                    uint64_t h = mix(hashes[(size_t)band], &context, sizeof(context));
                    h = mix(h, &a, sizeof(ImDrawVert));
                    h = mix(h, &b, sizeof(ImDrawVert));
                    hashes[(size_t)band] = mix(h, &c, sizeof(ImDrawVert));
                }
            }
        }
    }
}

// Draws what touches pixel rows [top, bottom), clipped to them, in order.
void drawRows(ImDrawData *data, int top, int bottom) {
    const float sx = data->FramebufferScale.x, sy = data->FramebufferScale.y;
    const ImVec2 origin = data->DisplayPos;
    float oldScaleX = 1, oldScaleY = 1;
    SDL_RenderGetScale(gRenderer, &oldScaleX, &oldScaleY);
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        for (int i = 0; i < list->CmdBuffer.Size; i++) {
            const ImDrawCmd *cmd = &list->CmdBuffer[i];
            if (cmd->UserCallback) { cmd->UserCallback(list, cmd); continue; }
            SDL_Rect clip = clipOf(*cmd, origin, sx, sy);
            int y0 = clip.y > top ? clip.y : top, y1 = clip.y + clip.h < bottom ? clip.y + clip.h : bottom;
            if (clip.w <= 0 || y1 <= y0) continue;
            clip.y = y0;
            clip.h = y1 - y0;
            SDL_RenderSetScale(gRenderer, 1, 1);
            SDL_RenderSetClipRect(gRenderer, &clip);
            SDL_RenderSetScale(gRenderer, sx, sy);
            const ImDrawVert *first = list->VtxBuffer.Data + cmd->VtxOffset;
            const int stride = (int)sizeof(ImDrawVert);
            const int vertexCount = list->VtxBuffer.Size - (int)cmd->VtxOffset;
            const ImDrawIdx *idx = list->IdxBuffer.Data + cmd->IdxOffset;
            gPicked.clear();
            auto submit = [&]() {
                if (gPicked.empty()) return;
                SDL_RenderGeometryRaw(gRenderer, (SDL_Texture *)cmd->GetTexID(),
                                      (const float *)((const char *)first + IM_OFFSETOF(ImDrawVert, pos)), stride,
                                      (const SDL_Color *)((const char *)first + IM_OFFSETOF(ImDrawVert, col)), stride,
                                      (const float *)((const char *)first + IM_OFFSETOF(ImDrawVert, uv)), stride,
                                      vertexCount, gPicked.data(), (int)gPicked.size(), (int)sizeof(ImDrawIdx));
                gPicked.clear();
            };
            // The triangles touching the rows, in order (SDL clips them to the rows).
            for (unsigned e = 0; e + 2 < cmd->ElemCount; e += 3) {
                const ImDrawVert &a = first[idx[e]], &b = first[idx[e + 1]], &c = first[idx[e + 2]];
                PixelBox box = boxOf(a, b, c, origin, sx, sy);
                if (box.maxY < (float)y0 - 1 || box.minY > (float)y1 + 1) continue;
                gPicked.push_back(idx[e]);
                gPicked.push_back(idx[e + 1]);
                gPicked.push_back(idx[e + 2]);
            }
            submit();
        }
    }
    SDL_RenderSetClipRect(gRenderer, nullptr);
    SDL_RenderSetScale(gRenderer, oldScaleX, oldScaleY);
}

// Ends ImGui's frame; records the leftmost pixel drawn. Returns the draw data, or null when empty.
ImDrawData *finishFrame() {
    ImGui::Render();
    ImDrawData *data = ImGui::GetDrawData();
    gDrawnMinX = 0;
    if (!data || data->CmdListsCount == 0) return nullptr;
    gDrawnMinX = data->DisplaySize.x;
    // The leftmost pixel any command can touch: its vertices' left edge, cut by its clip
    // rectangle (window frames are drawn with the whole display as their clip rectangle, so the
    // clip rectangle alone says nothing).
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        for (int i = 0; i < list->CmdBuffer.Size; i++) {
            const ImDrawCmd &cmd = list->CmdBuffer[i];
            if (cmd.UserCallback || cmd.ElemCount == 0) continue;
            float left = data->DisplaySize.x + data->DisplayPos.x;
            for (unsigned int e = 0; e < cmd.ElemCount; e++) {
                float vx = list->VtxBuffer[cmd.VtxOffset + list->IdxBuffer[cmd.IdxOffset + e]].pos.x;
                if (vx < left) left = vx;
            }
            float x = (left > cmd.ClipRect.x ? left : cmd.ClipRect.x) - data->DisplayPos.x;
            if (x < gDrawnMinX) gDrawnMinX = x < 0 ? 0 : x;
        }
    }
    return data;
}
}  // namespace

void slgui_render(void) {
    gBandsValid = false;
    if (ImDrawData *data = finishFrame()) drawRows(data, INT_MIN, INT_MAX);
}

void slgui_render_again(unsigned char r, unsigned char g, unsigned char b) {
    ImDrawData *data = ImGui::GetDrawData();
    int outputWidth = 0, outputHeight = 0;
    SDL_GetRendererOutputSize(gRenderer, &outputWidth, &outputHeight);
    SDL_Rect all = {0, 0, outputWidth, outputHeight};
    SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(gRenderer, r, g, b, 255);
    SDL_RenderFillRect(gRenderer, &all);
    SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_BLEND);
    if (data && data->CmdListsCount > 0) drawRows(data, INT_MIN, INT_MAX);
    gBandsValid = false;
}

int slgui_render_kept(bool keptAsDrawn, unsigned char r, unsigned char g, unsigned char b) {
    ImDrawData *data = finishFrame();
    int outputWidth = 0, outputHeight = 0;
    SDL_GetRendererOutputSize(gRenderer, &outputWidth, &outputHeight);
    if (!data) { gBandsValid = false; return 0; }
    hashBands(data, outputHeight, gNewHashes);
    const bool all = !keptAsDrawn || !gBandsValid || gNewHashes.size() != gBandHashes.size();
    int redrawn = 0;
    SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_NONE);
    for (size_t band = 0; band < gNewHashes.size();) {
        if (!all && gNewHashes[band] == gBandHashes[band]) { band++; continue; }
        size_t end = band + 1;
        while (end < gNewHashes.size() && (all || gNewHashes[end] != gBandHashes[end])) end++;
        int top = (int)band * kBandRows, bottom = (int)end * kBandRows;
        if (bottom > outputHeight) bottom = outputHeight;
        SDL_Rect rows = {0, top, outputWidth, bottom - top};
        SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(gRenderer, r, g, b, 255);
        SDL_RenderFillRect(gRenderer, &rows);
        SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_BLEND);
        drawRows(data, top, bottom);
        redrawn += bottom - top;
        band = end;
    }
    SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_BLEND);
    gBandHashes.swap(gNewHashes);
    gBandsValid = true;
    return redrawn;
}

bool slgui_begin_panel(const char *title, float x, float y, float width, float height) {
    gPanel[0] = x; gPanel[1] = y; gPanel[2] = width; gPanel[3] = height;
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                            ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
}
void slgui_end_panel(void) { ImGui::End(); }
bool slgui_collapsing_header(const char *label, bool defaultOpen) {
    return ImGui::CollapsingHeader(label, defaultOpen ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}
bool slgui_slider_double(const char *label, double *value, double minimum, double maximum, const char *format,
                         bool logarithmic) {
    return ImGui::SliderScalar(label, ImGuiDataType_Double, value, &minimum, &maximum, format,
                               logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
}
bool slgui_combo(const char *label, int *current, const char *const *items, int count) {
    // ImGui::Combo's own loop, keeping each open item's rectangle for slgui_combo_item_rect.
    gComboItems = 0;
    const char *preview = (*current >= 0 && *current < count) ? items[*current] : "";
    // A choice longer than the box ends with "…" (ImGui would cut it off mid-letter).
    std::string shortened = preview;
    const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2;
    if (room > 0 && ImGui::CalcTextSize(preview).x > room) {
        while (!shortened.empty() && ImGui::CalcTextSize((shortened + "\xE2\x80\xA6").c_str()).x > room) {
            shortened.pop_back();
            while (!shortened.empty() && (static_cast<unsigned char>(shortened.back()) & 0xC0) == 0x80)
            shortened.pop_back();
            if (!shortened.empty() && (static_cast<unsigned char>(shortened.back()) & 0xC0) == 0xC0)
            shortened.pop_back();
        }
        while (!shortened.empty() && shortened.back() == ' ') shortened.pop_back();
        shortened += "\xE2\x80\xA6";
        preview = shortened.c_str();
    }
    bool changed = false;
    // Tall enough for every list the panel has (up to 20 items), so opening one never scrolls
    // the items above the current one out of sight.
    if (ImGui::BeginCombo(label, preview, ImGuiComboFlags_HeightLargest)) {
        // On its first frame a popup is measured, not yet placed: report its items from the next.
        const bool placed = !ImGui::IsWindowAppearing();
        const ImRect visible = ImGui::GetCurrentWindow()->InnerClipRect;
        for (int i = 0; i < count; i++) {
            ImGui::PushID(i);
            if (ImGui::Selectable(items[i], i == *current)) { *current = i; changed = true; }
            if (i == *current) ImGui::SetItemDefaultFocus();
            if (placed && i < 64) {
                // An item scrolled out of the list is reported with no size (not where it would be).
                const ImVec2 lo = ImMax(ImGui::GetItemRectMin(), visible.Min);
    const ImVec2 hi = ImMin(ImGui::GetItemRectMax(), visible.Max);
                const bool shown = hi.x > lo.x && hi.y > lo.y;
                gComboRects[i][0] = lo.x; gComboRects[i][1] = lo.y;
                gComboRects[i][2] = shown ? hi.x - lo.x : 0; gComboRects[i][3] = shown ? hi.y - lo.y : 0;
                gComboItems = i + 1;
            }
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    return changed;
}
int slgui_combo_item_count(void) { return gComboItems; }
void slgui_combo_item_rect(int index, float *x, float *y, float *width, float *height) {
    if (index < 0 || index >= gComboItems) { *x = *y = *width = *height = 0; return; }
    *x = gComboRects[index][0];
    *y = gComboRects[index][1];
    *width = gComboRects[index][2];
    *height = gComboRects[index][3];
}
bool slgui_button(const char *label) { return ImGui::Button(label); }
bool slgui_small_button(const char *label) { return ImGui::SmallButton(label); }
bool slgui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }
bool slgui_input_text(const char *label, char *buffer, size_t size) { return ImGui::InputText(label, buffer, size); }
void slgui_same_line(void) { ImGui::SameLine(); }
void slgui_separator(void) { ImGui::Separator(); }
void slgui_spacing(void) { ImGui::Spacing(); }
void slgui_text(const char *text) { ImGui::TextUnformatted(text); }
void slgui_text_disabled(const char *text) { ImGui::TextDisabled("%s", text); }
void slgui_progress(float fraction, const char *text) {
    ImGui::ProgressBar(fraction, ImVec2(ImGui::CalcItemWidth(), 0), text);
}
void slgui_text_colored(float r, float g, float b, float a, const char *text) {
    ImGui::TextColored(ImVec4(r, g, b, a), "%s", text);
}
}  // extern "C"

namespace {
// Text wrapped at spaces only: ImGui's own wrapping also breaks after '.', so "10.8529" could end
// one line with "10." (numbers, paths and times stay whole). A word wider than the line on its
// own is the one thing left to ImGui's wrapping.
void wrapAtSpaces(const char *text) {
    const float width = ImGui::GetContentRegionAvail().x;
    std::string line;
    auto flush = [&]() {
        if (ImGui::CalcTextSize(line.c_str()).x > width) ImGui::TextWrapped("%s", line.c_str());
        else ImGui::TextUnformatted(line.c_str());
        line.clear();
    };
    const char *p = text;
    while (*p) {
        const char *start = p;
        while (*p && *p != ' ' && *p != '\n') p++;
        const std::string word(start, p);
        const std::string candidate = line.empty() ? word : line + " " + word;
        if (!line.empty() && ImGui::CalcTextSize(candidate.c_str()).x > width) {
            flush();
            line = word;
        } else {
            line = candidate;
        }
        if (*p == '\n') { flush(); p++; } else if (*p == ' ') p++;
    }
    if (!line.empty()) flush();
}
}  // namespace

extern "C" {
void slgui_text_wrapped(const char *text) { wrapAtSpaces(text); }
void slgui_text_error(const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.42f, 0.42f, 1.0f));
    wrapAtSpaces(text);
    ImGui::PopStyleColor();
}
void slgui_help_marker(const char *text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}
void slgui_plot_lines(const char *label, const float *values, int count, int offset, const char *overlay,
                      float minimum, float maximum, float width, float height) {
    ImGui::PlotLines(label, values, count, offset, overlay, minimum, maximum, ImVec2(width, height));
}
static ImVec2 gChartMin, gChartMax;
static double gChartX0, gChartX1, gChartY0, gChartY1;
void slgui_chart(const char *id, const char *title, float height, double x0, double x1, double y0, double y1,
                 const double *xTicks, const char *const *xLabels, int xCount,
                 const double *yTicks, const char *const *yLabels, int yCount) {
    ImGui::TextUnformatted(title);
    float labelWidth = 0;
    for (int i = 0; i < yCount; i++) labelWidth = ImMax(labelWidth, ImGui::CalcTextSize(yLabels[i]).x);
    const float line = ImGui::GetTextLineHeight();
    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(width > 10 ? width : 10, height + line + 2));
    ImDrawList *draw = ImGui::GetWindowDrawList();
    gChartMin = ImVec2(origin.x + labelWidth + 6, origin.y);
    gChartMax = ImVec2(origin.x + width, origin.y + height);
    gChartX0 = x0; gChartX1 = x1 > x0 ? x1 : x0 + 1; gChartY0 = y0; gChartY1 = y1 > y0 ? y1 : y0 + 1;
    draw->AddRectFilled(gChartMin, gChartMax, ImGui::GetColorU32(ImGuiCol_FrameBg), 3);
    const ImU32 grid = IM_COL32(255, 255, 255, 28), text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    for (int i = 0; i < yCount; i++) {
        const float y =
            gChartMax.y - (float)((yTicks[i] - gChartY0) / (gChartY1 - gChartY0)) * (gChartMax.y - gChartMin.y);
        draw->AddLine(ImVec2(gChartMin.x, y), ImVec2(gChartMax.x, y), grid);
        const ImVec2 size = ImGui::CalcTextSize(yLabels[i]);
        draw->AddText(ImVec2(gChartMin.x - 4 - size.x, y - size.y / 2), text, yLabels[i]);
    }
    for (int i = 0; i < xCount; i++) {
        const float x =
            gChartMin.x + (float)((xTicks[i] - gChartX0) / (gChartX1 - gChartX0)) * (gChartMax.x - gChartMin.x);
        draw->AddLine(ImVec2(x, gChartMin.y), ImVec2(x, gChartMax.y), grid);
        const ImVec2 size = ImGui::CalcTextSize(xLabels[i]);
        float left = x - size.x / 2;
        if (left + size.x > gChartMax.x) left = gChartMax.x - size.x;
        draw->AddText(ImVec2(left, gChartMax.y + 1), text, xLabels[i]);
    }
}
void slgui_chart_line(const double *xs, const double *ys, int count, unsigned int rgb, float thickness) {
    if (!xs || !ys || count < 1) return;
    ImDrawList *draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(gChartMin, gChartMax, true);
    const ImU32 color = IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 255);
    const float w = gChartMax.x - gChartMin.x, h = gChartMax.y - gChartMin.y;
    ImVec2 previous;
    // Points closer than a pixel apart are joined into one segment (a long gesture has thousands).
    for (int i = 0; i < count; i++) {
        const ImVec2 point(gChartMin.x + (float)((xs[i] - gChartX0) / (gChartX1 - gChartX0)) * w,
                           gChartMax.y - (float)((ys[i] - gChartY0) / (gChartY1 - gChartY0)) * h);
        if (i == 0) { previous = point; if (count == 1) draw->AddCircleFilled(point, thickness, color); continue; }
        if (i < count - 1 && ImFabs(point.x - previous.x) < 1 && ImFabs(point.y - previous.y) < 1) continue;
        draw->AddLine(previous, point, color, thickness);
        previous = point;
    }
    draw->PopClipRect();
}
void slgui_table(const char *id, int columns, int rows, const char *const *cells) {
    if (columns < 1 || rows < 1) return;
    const ImGuiTableFlags flags =
        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable(id, columns, flags)) return;
    for (int c = 0; c < columns; c++) ImGui::TableSetupColumn(cells[c]);
    ImGui::TableHeadersRow();
    for (int r = 1; r < rows; r++) {
        ImGui::TableNextRow();
        for (int c = 0; c < columns; c++) {
            ImGui::TableSetColumnIndex(c);
            ImGui::TextUnformatted(cells[r * columns + c]);
        }
    }
    ImGui::EndTable();
}
void slgui_plot_overlay(const float *values, int count, float minimum, float maximum, unsigned int rgb) {
    if (!values || count < 2 || !(maximum > minimum)) return;
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    const float x0 = lo.x + padding.x, x1 = hi.x - padding.x, y0 = lo.y + padding.y, y1 = hi.y - padding.y;
    const ImU32 color = IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 255);
    ImDrawList *draw = ImGui::GetWindowDrawList();
    ImVec2 previous;
    for (int i = 0; i < count; i++) {
        float f = (values[i] - minimum) / (maximum - minimum);
        f = f < 0 ? 0 : (f > 1 ? 1 : f);
        const ImVec2 point(x0 + (x1 - x0) * (float)i / (float)(count - 1), y1 - (y1 - y0) * f);
        if (i > 0) draw->AddLine(previous, point, color, 1.5f);
        previous = point;
    }
}
bool slgui_value_slider(const char *id, const char *title, const char *help, const char *valueText, double *position,
                        double minimum, double maximum, bool logarithmic, bool allowInput, const char *inputFormat,
                        const double *marks, const char *const *markLabels, int markCount, float width) {
    ImGui::PushID(id);
    const float startX = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(title);
    if (help && help[0]) slgui_help_marker(help);
    const float afterTitle = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x;
    const float valueWidth = ImGui::CalcTextSize(valueText).x;
    ImGui::SameLine(afterTitle > startX + width - valueWidth ? afterTitle : startX + width - valueWidth);
    ImGui::TextUnformatted(valueText);
    ImGui::SetNextItemWidth(width);
    const ImGuiID sliderID = ImGui::GetID("##slider");
    const bool typing = ImGui::TempInputIsActive(sliderID);
    // A Ctrl+click over the track opens the typing field this frame, filled from the format it
    // is given now: give it the number (not the track's empty label) so the field shows the value.
    const ImGuiContext &context = *ImGui::GetCurrentContext();
    const bool aboutToType = context.IO.KeyCtrl && context.HoveredIdPreviousFrame == sliderID;
    ImGuiSliderFlags flags =
        (logarithmic ? ImGuiSliderFlags_Logarithmic : 0) | (allowInput ? 0 : ImGuiSliderFlags_NoInput);
    const bool changed = ImGui::SliderScalar("##slider", ImGuiDataType_Double, position, &minimum, &maximum,
                                             typing || aboutToType ? inputFormat : "", flags);
    {
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        gSlider[0] = lo.x; gSlider[1] = lo.y; gSlider[2] = hi.x - lo.x; gSlider[3] = hi.y - lo.y;
    }
    if (markCount > 0 && maximum > minimum) {
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        const ImGuiStyle &style = ImGui::GetStyle();
        // ImGui's slider: the grab's centre runs from lo.x + 2 + grab/2 over the usable length.
        const float grab = style.GrabMinSize, pad = 2.0f;
        const float usable = (hi.x - lo.x) - 2 * pad - grab;
        ImDrawList *draw = ImGui::GetWindowDrawList();
        const ImU32 tick = ImGui::GetColorU32(ImGuiCol_Text, 0.7f), label = ImGui::GetColorU32(ImGuiCol_TextDisabled);
        for (int i = 0; i < markCount; i++) {
            const float f = (float)((marks[i] - minimum) / (maximum - minimum));
            if (f < 0 || f > 1) continue;
            const float x = lo.x + pad + grab * 0.5f + f * usable;
            draw->AddLine(ImVec2(x, hi.y - 6), ImVec2(x, hi.y + 3), tick, 2.0f);
            const ImVec2 size = ImGui::CalcTextSize(markLabels[i]);
            draw->AddText(ImVec2(x - size.x * 0.5f, hi.y + 3), label, markLabels[i]);
        }
        ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
    }
    ImGui::PopID();
    return changed;
}
void slgui_begin_child(const char *id, float height) {
    ImGui::BeginChild(id, ImVec2(0, height), false, 0);
}
void slgui_end_child(void) { ImGui::EndChild(); }
void slgui_last_item_rect(float *x, float *y, float *width, float *height) {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    *x = lo.x; *y = lo.y; *width = hi.x - lo.x; *height = hi.y - lo.y;
}
bool slgui_same_line_if_fits(const char *label) {
    const ImGuiStyle &style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label, nullptr, true).x + 2 * style.FramePadding.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width > right) return false;
    ImGui::SameLine();
    return true;
}
void slgui_visible_rect(float *x, float *y, float *width, float *height) {
    const ImRect clip = ImGui::GetCurrentWindowRead()->ClipRect;
    *x = clip.Min.x; *y = clip.Min.y; *width = clip.GetWidth(); *height = clip.GetHeight();
}
void slgui_last_slider_rect(float *x, float *y, float *width, float *height) {
    *x = gSlider[0]; *y = gSlider[1]; *width = gSlider[2]; *height = gSlider[3];
}
float slgui_available_width(void) { return ImGui::GetContentRegionAvail().x; }
void slgui_push_id(int id) { ImGui::PushID(id); }
void slgui_pop_id(void) { ImGui::PopID(); }
void slgui_push_item_width(float width) { ImGui::PushItemWidth(width); }
void slgui_pop_item_width(void) { ImGui::PopItemWidth(); }
bool slgui_is_item_hovered(void) { return ImGui::IsItemHovered(); }
void slgui_set_tooltip(const char *text) { ImGui::SetTooltip("%s", text); }

}  // extern "C"
