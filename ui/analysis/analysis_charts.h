#pragma once

#include <QJsonObject>
#include <QWidget>

#include <vector>

class QChartView;

namespace kvs::ui {

// The bar charts of a key-space report (Qt Charts): entries by value kind, entries by expiry
// group, and the key and value size distributions (log buckets). Thread rule: GUI thread only.
class AnalysisCharts : public QWidget
{
    Q_OBJECT

public:
    explicit AnalysisCharts(QWidget *parent = nullptr);

    // Shows report's figures (an empty report clears them).
    void setReport(const QJsonObject &report);
    // Kinds, expiry groups, key sizes, value sizes.
    const std::vector<QChartView *> &charts() const { return m_charts; }
    // The chart's bars: its categories and their values (for tests and the PNG's reader).
    static QStringList categoriesOf(QChartView *chart);
    static QList<qreal> valuesOf(QChartView *chart);

private:
    std::vector<QChartView *> m_charts; // Owned (children).
};

} // namespace kvs::ui
