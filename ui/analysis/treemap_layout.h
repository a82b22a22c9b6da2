#pragma once

#include <QRectF>

#include <vector>

namespace kvs::ui {

// The squarified treemap layout (Bruls, Huizing and van Wijk, 2000): weights laid out in a
// rectangle as tiles whose areas are proportional to the weights, in rows along the shorter
// side, each row grown while it brings its worst aspect ratio closer to a square. Thread rule:
// any thread (no state).
class TreemapLayout
{
public:
    // One tile per weight, in the order of weights: inside bounds, none overlapping, together
    // covering bounds when every weight is positive (a weight <= 0 gets an empty rectangle).
    // Tiles are laid out largest first whatever the order given. Requires: bounds is valid.
    [[nodiscard]] static std::vector<QRectF> squarify(const std::vector<double> &weights,
                                                      const QRectF &bounds);
};

} // namespace kvs::ui
