// A QR code drawn with Dear ImGui's draw list: the phone's address in the panel.
#include "Internal.h"

extern "C" void slgui_qr(const unsigned char *modules, int size, float pixels) {
    if (size <= 0 || pixels <= 0) return;
    const float side = (size + 8) * pixels;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList *list = ImGui::GetWindowDrawList();
    // Whole pixels for each module, so a camera sees sharp edges.
    list->AddRectFilled(origin, ImVec2(origin.x + side, origin.y + side), IM_COL32(255, 255, 255, 255));
    for (int row = 0; row < size; row++) {
        for (int column = 0; column < size; column++) {
            if (!modules[row * size + column]) continue;
            const float x = origin.x + (column + 4) * pixels, y = origin.y + (row + 4) * pixels;
            list->AddRectFilled(ImVec2(x, y), ImVec2(x + pixels, y + pixels), IM_COL32(0, 0, 0, 255));
        }
    }
    ImGui::Dummy(ImVec2(side, side));
}
