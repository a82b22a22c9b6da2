#include "theme/contrast.h"

#include <algorithm>
#include <cmath>

namespace kvs::ui::contrast {

namespace {

double linear(double channel)
{
    return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

} // namespace

double relativeLuminance(const QColor &colour)
{
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF())
           + 0.0722 * linear(rgb.blueF());
}

double ratio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor &colour, const QColor &background, double minimum)
{
    // Towards black on a light background, white on a dark one: the way contrast can grow.
    const QColor target
        = relativeLuminance(background) > 0.18 ? QColor(Qt::black) : QColor(Qt::white);
    QColor result = colour;
    for (int step = 1; step <= 20 && ratio(result, background) < minimum; ++step)
        result = mix(colour, target, step / 20.0);
    return result;
}

QColor mix(const QColor &from, const QColor &to, double amount)
{
    const QColor a = from.toRgb();
    const QColor b = to.toRgb();
    const auto channel = [amount](double x, double y) {
        return x + (y - x) * amount;
    };
    return QColor::fromRgbF(static_cast<float>(channel(a.redF(), b.redF())),
                            static_cast<float>(channel(a.greenF(), b.greenF())),
                            static_cast<float>(channel(a.blueF(), b.blueF())));
}

} // namespace kvs::ui::contrast
