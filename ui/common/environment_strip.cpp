#include "common/environment_strip.h"

#include <QPainter>

namespace kvs::ui {

namespace {

constexpr int kBarHeight = 6;

// White or black, whichever reads better on colour (the relative luminance's midpoint).
QColor textOn(const QColor &colour)
{
    const double luminance
        = 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF();
    return luminance > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace

EnvironmentStrip::EnvironmentStrip(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("environmentStrip"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

void EnvironmentStrip::setColour(const QColor &colour)
{
    m_colour = colour;
    update();
}

void EnvironmentStrip::setText(const QString &text)
{
    m_text = text;
    setAccessibleName(text);
    updateGeometry();
    update();
}

QSize EnvironmentStrip::sizeHint() const
{
    const int height = m_text.isEmpty() ? kBarHeight : fontMetrics().height() + 4;
    return {fontMetrics().horizontalAdvance(m_text) + 16, height};
}

void EnvironmentStrip::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), m_colour);
    if (m_text.isEmpty())
        return;
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(textOn(m_colour));
    painter.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, m_text);
}

} // namespace kvs::ui
