#include "analysis/widget_image.h"

#include <QFile>
#include <QPainter>
#include <QString>
#include <QSvgGenerator>
#include <QWidget>

namespace kvs::ui {

bool saveWidgetPng(QWidget &widget, const QString &path)
{
    return widget.grab().save(path, "PNG");
}

bool saveWidgetSvg(QWidget &widget, const QString &path, const QString &title)
{
    // QSvgGenerator says nothing of a file it could not open: check it first.
    {
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly))
            return false;
    }
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(widget.size());
    generator.setViewBox(widget.rect());
    generator.setTitle(title);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    widget.render(&painter);
    return painter.end();
}

} // namespace kvs::ui
