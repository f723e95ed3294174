// The panel's widgets: Dear ImGui's, and our own value slider, charts, tables and wrapped text.
#include "Internal.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace slgui;

namespace {
// Dear ImGui reserves four vertices a byte before drawing a text, and one text of over 16,383
// bytes passes its 16-bit index limit and aborts the program, whatever part of it shows. Every
// text the panel draws is cut to this many bytes (at a character's start) and ends in "…": no
// line of the panel is that long, so only a runaway name, path or message is cut.
constexpr size_t kShownBytes = 2000;

std::string shown(const char *text) {
    if (!text) return std::string();
    const size_t length = std::strlen(text);
    if (length <= kShownBytes) return std::string(text, length);
    size_t end = kShownBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) end--;
    return std::string(text, end) + "\u2026";
}

// `text` cut at a character's start (and before trailing spaces) to end in "…" within `width`
// (for a text wider than that).
std::string cutToWidth(std::string text, float width) {
    const char *ellipsis = "\u2026";
    while (!text.empty() && ImGui::CalcTextSize((text + ellipsis).c_str()).x > width) {
        // One character off the end: its continuation bytes, then its first byte.
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
        if (!text.empty()) text.pop_back();
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text + ellipsis;
}

// One line of `text` where the area's width left of the cursor holds it; else cut at a
// character's start to end in "…" within that width, the whole text said in a tooltip on
// hover. (A label or a table cell wider than its place was cut mid-letter by the window's or
// the column's clip, with no sign that anything was missing.)
void fittingText(const char *text, bool disabled) {
    const std::string whole = shown(text);
    const float width = ImGui::GetContentRegionAvail().x;
    const bool fits = whole.find('\n') != std::string::npos || ImGui::CalcTextSize(whole.c_str()).x <= width;
    const std::string line = fits ? whole : cutToWidth(whole, width);
    if (disabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(line.c_str());
    if (disabled) ImGui::PopStyleColor();
    if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", whole.c_str());
}
}  // namespace

extern "C" {
bool slgui_begin_panel(const char *title, float x, float y, float width, float height) {
    gPanel[0] = x; gPanel[1] = y; gPanel[2] = width; gPanel[3] = height;
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                            ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
}
void slgui_end_panel(void) { ImGui::End(); }
bool slgui_collapsing_header(const char *label, bool defaultOpen) {
    const bool open = ImGui::CollapsingHeader(label, defaultOpen ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    // A title wider than the header (its arrow and padding apart) is said whole in a tooltip.
    const char *end = ImGui::FindRenderedTextEnd(label);
    const float room = ImGui::GetItemRectSize().x - ImGui::GetFontSize() - ImGui::GetStyle().FramePadding.x * 3;
    if (ImGui::IsItemHovered() && ImGui::CalcTextSize(label, end).x > room) {
        ImGui::SetTooltip("%.*s", (int)(end - label), label);
    }
    return open;
}
bool slgui_combo(const char *label, int *current, const char *const *items, int count) {
    // ImGui::Combo's own loop, keeping each open item's rectangle for slgui_combo_item_rect.
    gComboItems = 0;
    const char *preview = (*current >= 0 && *current < count) ? items[*current] : "";
    // A choice longer than the box ends with "…" (ImGui would cut it off mid-letter).
    std::string shortened;
    const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2;
    if (room > 0 && ImGui::CalcTextSize(preview).x > room) {
        shortened = cutToWidth(preview, room);
        preview = shortened.c_str();
    }
    bool changed = false;
    // Tall enough for every list the panel has (up to 20 items), so opening one never scrolls
    // the items above the current one out of sight.
    const bool open = ImGui::BeginCombo(label, preview, ImGuiComboFlags_HeightLargest);
    // A shortened choice is said whole in a tooltip on hover.
    if (!open && preview == shortened.c_str() && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", items[*current]);
    }
    if (open) {
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
bool slgui_button(const char *label, bool enabled) {
    ImGui::BeginDisabled(!enabled);
    const bool pressed = ImGui::Button(label);
    ImGui::EndDisabled();
    return pressed && enabled;
}
bool slgui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }
bool slgui_input_text(const char *label, char *buffer, size_t size) { return ImGui::InputText(label, buffer, size); }
void slgui_same_line(void) { ImGui::SameLine(); }
void slgui_text(const char *text) { ImGui::TextUnformatted(shown(text).c_str()); }
void slgui_text_disabled(const char *text) { fittingText(text, true); }
void slgui_progress(float fraction, const char *text) {
    ImGui::ProgressBar(fraction, ImVec2(ImGui::CalcItemWidth(), 0), shown(text).c_str());
}
}  // extern "C"

namespace {
// `text`'s lines wrapped at spaces to `width` (a word wider than the line stays whole, on a line
// of its own; newlines kept).
std::vector<std::string> linesAtSpaces(const std::string &text, float width) {
    std::vector<std::string> lines;
    std::string line;
    bool open = false;
    const char *p = text.c_str();
    while (*p) {
        const char *start = p;
        while (*p && *p != ' ' && *p != '\n') p++;
        const std::string word(start, p);
        const std::string candidate = open ? line + " " + word : word;
        if (open && ImGui::CalcTextSize(candidate.c_str()).x > width) {
            lines.push_back(line);
            line = word;
        } else {
            line = candidate;
        }
        open = true;
        if (*p == '\n') {
            lines.push_back(line);
            line.clear();
            open = false;
            p++;
        } else if (*p == ' ') {
            p++;
        }
    }
    if (open && !line.empty()) lines.push_back(line);
    return lines;
}

// The lines of the last message shown (joined by newlines), for tests.
std::string gMessageShown;

// Text wrapped at spaces only: ImGui's own wrapping also breaks after '.', so "10.8529" could end
// one line with "10." (numbers, paths and times stay whole). A word wider than the line on its
// own is the one thing left to ImGui's wrapping.
void wrapAtSpaces(const char *whole) {
    const std::string bounded = shown(whole);
    const char *text = bounded.c_str();
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
void slgui_message(const char *id, const char *text, bool error, float height) {
    ImGui::BeginChild(id, ImVec2(0, height), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    gMessageShown.clear();
    const std::string bounded = shown(text);
    const float width = ImGui::GetContentRegionAvail().x;
    std::vector<std::string> lines = linesAtSpaces(bounded, width);
    // As many lines as the area holds; a longer message ends its last one at a word with "…"
    // (never a word cut off at the area's edge), and says all of it in a tooltip.
    const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
    const size_t fits = (size_t)ImMax(1.0f, ImFloor((height + ImGui::GetStyle().ItemSpacing.y) / lineHeight));
    const bool cut = lines.size() > fits;
    if (cut) {
        lines.resize(fits);
        std::string &last = lines.back();
        const std::string ellipsis = "\u2026";
        while (!last.empty() && ImGui::CalcTextSize((last + ellipsis).c_str()).x > width) {
            const size_t space = last.rfind(' ');
            if (space == std::string::npos) break;
            last.resize(space);
        }
        while (!last.empty() && (last.back() == ' ' || last.back() == ',' || last.back() == ';')) last.pop_back();
        last += ellipsis;
    }
    if (error) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.42f, 0.42f, 1.0f));
    for (size_t i = 0; i < lines.size(); i++) {
        ImGui::TextUnformatted(lines[i].c_str());
        gMessageShown += (i ? "\n" : "") + lines[i];
    }
    if (error) ImGui::PopStyleColor();
    if (cut && ImGui::IsWindowHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(bounded.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::EndChild();
}
size_t slgui_message_shown(char *buffer, size_t size) {
    if (buffer && size > 0) {
        const size_t n = ImMin(size - 1, gMessageShown.size());
        std::memcpy(buffer, gMessageShown.data(), n);
        buffer[n] = 0;
    }
    return gMessageShown.size();
}
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
        ImGui::TextUnformatted(shown(text).c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}
static ImVec2 gChartMin, gChartMax;
static double gChartX0, gChartX1, gChartY0, gChartY1;
void slgui_chart(const char *id, const char *title, float height, double x0, double x1, double y0, double y1,
                 const double *xTicks, const char *const *xLabels, int xCount,
                 const double *yTicks, const char *const *yLabels, int yCount) {
    ImGui::TextUnformatted(shown(title).c_str());
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
    // Each column's share of the width is its widest text's (whole, header included): the cells
    // are cut to fit their columns (fittingText), so the widths ImGui would measure from what was
    // drawn would shrink a cut column for good. ImGui reads the shares only when the table is
    // made, so they are measured only then.
    const bool initializing = ImGui::GetCurrentTable()->IsInitializing;
    for (int c = 0; c < columns; c++) {
        float widest = 1;
        for (int r = 0; initializing && r < rows; r++) {
            widest = ImMax(widest, ImGui::CalcTextSize(shown(cells[r * columns + c]).c_str()).x);
        }
        ImGui::TableSetupColumn(cells[c], ImGuiTableColumnFlags_WidthStretch, widest);
    }
    // The headers row, each header said whole in a tooltip when its column cuts it.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; c++) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        const float room = ImGui::GetContentRegionAvail().x;
        ImGui::TableHeader(cells[c]);
        if (ImGui::IsItemHovered() && ImGui::CalcTextSize(cells[c]).x > room) ImGui::SetTooltip("%s", cells[c]);
    }
    for (int r = 1; r < rows; r++) {
        ImGui::TableNextRow();
        for (int c = 0; c < columns; c++) {
            ImGui::TableSetColumnIndex(c);
            fittingText(cells[r * columns + c], false);
        }
    }
    ImGui::EndTable();
}
// The slider whose typing field is open, and the value typed into it so far.
static ImGuiID gTypingSlider = 0;
static double gTypedValue = 0;
static bool gTyped = false;

bool slgui_value_slider(const char *id, const char *title, const char *help, const char *valueText, double *position,
                        double minimum, double maximum, bool logarithmic, double *value, double valueMinimum,
                        double valueMaximum, bool *typed, bool allowInput, const char *inputFormat,
                        const double *marks, const char *const *markLabels, int markCount, float width) {
    *typed = false;
    ImGui::PushID(id);
    const float startX = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(shown(title).c_str());
    if (help && help[0]) slgui_help_marker(help);
    const float afterTitle = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x;
    const float valueWidth = ImGui::CalcTextSize(valueText).x;
    ImGui::SameLine(afterTitle > startX + width - valueWidth ? afterTitle : startX + width - valueWidth);
    ImGui::TextUnformatted(valueText);
    ImGui::SetNextItemWidth(width);
    const ImGuiID sliderID = ImGui::GetID("##slider");
    // The field types the value, not the track's position (which may be on another scale, as the
    // deceleration rate's −log10(1 − value)): while it is open, and on the Ctrl+click that opens
    // it, ImGui's slider is handed the value and its range, and the field is filled from it with
    // `inputFormat`. A plain click or a drag moves the track.
    const ImGuiContext &context = *ImGui::GetCurrentContext();
    const ImVec2 frameMin = ImGui::GetCursorScreenPos();
    const ImVec2 frameMax(frameMin.x + width, frameMin.y + ImGui::GetFrameHeight());
    const bool typing = ImGui::TempInputIsActive(sliderID);
    const bool opening = allowInput && !typing && context.IO.KeyCtrl && context.IO.MouseClicked[0] &&
                         context.ActiveId != sliderID && ImGui::IsWindowHovered() &&
                         ImGui::IsMouseHoveringRect(frameMin, frameMax);
    const bool field = typing || opening;
    double *data = field ? value : position;
    const double low = field ? valueMinimum : minimum, high = field ? valueMaximum : maximum;
    // Without `allowInput` a Ctrl+click is refused (not taken as a plain click that moves the
    // value to where it fell). A typed value comes back as typed, not clamped: the caller clamps
    // it and says so (a value out of range is not changed silently).
    ImGuiSliderFlags flags = (logarithmic && !field ? ImGuiSliderFlags_Logarithmic : 0) |
                             (allowInput ? 0 : ImGuiSliderFlags_NoInput) | (field ? 0 : ImGuiSliderFlags_AlwaysClamp);
    const bool refused = !allowInput && context.IO.KeyCtrl;
    const double before = *data;
    bool changed = ImGui::SliderScalar("##slider", ImGuiDataType_Double, data, &low, &high,
                                       field ? inputFormat : "", flags);
    if (refused && changed) {
        *data = before;
        changed = false;
    }
    // A typed value is one change, made when its field closes (Enter or a click elsewhere; Escape
    // cancels): ImGui applies every keystroke, and "0.6" passes through "0" on the way, which the
    // physics would take (and a rule between values would carry to another).
    if (ImGui::TempInputIsActive(sliderID)) {
        if (gTypingSlider != sliderID) {
            gTypingSlider = sliderID;
            gTyped = false;
        }
        if (changed) {
            gTypedValue = *data;
            gTyped = true;
        }
        *data = before;
        changed = false;
    } else if (gTypingSlider == sliderID) {
        if (changed) {
            gTypedValue = *data;
            gTyped = true;
        }
        const bool cancelled = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
        changed = gTyped && !cancelled && gTypedValue != before;
        *data = changed ? gTypedValue : before;
        *typed = changed;
        gTypingSlider = 0;
        gTyped = false;
    }
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
void slgui_push_item_width(float width) { ImGui::PushItemWidth(width); }
void slgui_pop_item_width(void) { ImGui::PopItemWidth(); }

}  // extern "C"
