#pragma once

class QString;
class QWidget;

namespace kvs::ui {

// A chart of the Benchmark view as a file, as it is on screen: a PNG of its pixels, or an SVG
// of its drawing (titled title) that stays sharp when scaled. False when the file cannot be
// written.
bool saveChartPng(QWidget &chart, const QString &path);
bool saveChartSvg(QWidget &chart, const QString &path, const QString &title);

} // namespace kvs::ui
