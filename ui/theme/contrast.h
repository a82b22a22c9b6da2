#pragma once

#include <QColor>

// WCAG 2 colour contrast, for choosing text colours that stay readable on any theme's
// background. Pure functions; safe from any thread.
namespace kvs::ui::contrast {

// WCAG's relative luminance: 0 for black, 1 for white.
[[nodiscard]] double relativeLuminance(const QColor &colour);
// WCAG's contrast ratio, 1 (same luminance) to 21 (black on white); symmetric. Normal text needs
// 4.5 (level AA).
[[nodiscard]] double ratio(const QColor &a, const QColor &b);
// colour, darkened on a light background or lightened on a dark one until its ratio against
// background is at least minimum (or it is black or white); the hue is kept as far as it can be.
[[nodiscard]] QColor readableOn(const QColor &colour, const QColor &background, double minimum);
// The colour a fraction `amount` (0..1) of the way from `from` to `to`, channel by channel.
[[nodiscard]] QColor mix(const QColor &from, const QColor &to, double amount);

} // namespace kvs::ui::contrast
