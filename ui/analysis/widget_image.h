#pragma once

class QString;
class QWidget;

namespace kvs::ui {

// A widget of the Analysis view (the treemap, the charts) as a file, as it is on screen: a PNG
// of its pixels, or an SVG of its drawing (titled title; QSvgGenerator) that stays sharp when
// scaled. False when the file cannot be written.
bool saveWidgetPng(QWidget &widget, const QString &path);
bool saveWidgetSvg(QWidget &widget, const QString &path, const QString &title);

} // namespace kvs::ui
