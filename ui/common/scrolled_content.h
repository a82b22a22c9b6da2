#pragma once

class QWidget;

namespace kvs::ui {

// Fills pane with a scroll area and returns the widget inside it, which takes what the pane's own
// layout held: a pane that needs more room than a small window has scrolls, instead of making
// the whole window larger than the screen. While the pane has its room nothing scrolls (the
// content is as large as the area). Call once, before pane has a layout; the scroll area is
// named paneName + "Scroll". Thread rule: GUI thread only.
[[nodiscard]] QWidget *scrolledContent(QWidget *pane, const char *paneName);

} // namespace kvs::ui
