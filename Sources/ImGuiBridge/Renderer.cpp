// The panel's renderer backend over SDL_RenderGeometryRaw: draws ImGui's frame, or redraws only
// the bands of pixel rows whose drawing changed in a texture kept between frames.
#include "Internal.h"

#include <climits>
#include <cmath>
#include <cstring>

using namespace slgui;

static float gDrawnMinX = 0;

extern "C" float slgui_drawn_min_x(void) { return gDrawnMinX; }

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

void slgui_end_frame(void) {
    gBandsValid = false;
    finishFrame();
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

int slgui_render_kept(bool keptAsDrawn, unsigned char r, unsigned char g, unsigned char b, int *changedTop,
                      int *changedBottom) {
    ImDrawData *data = finishFrame();
    int outputWidth = 0, outputHeight = 0;
    SDL_GetRendererOutputSize(gRenderer, &outputWidth, &outputHeight);
    *changedTop = 0;
    *changedBottom = 0;
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
        if (redrawn == 0) *changedTop = top;
        *changedBottom = bottom;
        redrawn += bottom - top;
        band = end;
    }
    SDL_SetRenderDrawBlendMode(gRenderer, SDL_BLENDMODE_BLEND);
    gBandHashes.swap(gNewHashes);
    gBandsValid = true;
    return redrawn;
}
