#include "benchmark/chart_image.h"

#include <QPainter>
#include <QString>
#include <QSvgGenerator>
#include <QWidget>

namespace kvs::ui {

bool saveChartPng(QWidget &chart, const QString &path)
{
    return chart.grab().save(path, "PNG");
}

bool saveChartSvg(QWidget &chart, const QString &path, const QString &title)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(chart.size());
    generator.setViewBox(chart.rect());
    generator.setTitle(title);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    chart.render(&painter);
    return painter.end();
}

} // namespace kvs::ui
