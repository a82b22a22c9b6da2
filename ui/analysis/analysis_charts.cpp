#include "analysis/analysis_charts.h"

#include "analysis/analysis_texts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QGridLayout>
#include <QHorizontalBarSeries>
#include <QJsonArray>
#include <QValueAxis>

#include <algorithm>

namespace kvs::ui {

namespace {

// A bucket's smallest size, short enough for a bar's label: 512, 1K, 64K, 1M, 2G.
QString bucketText(double bytes)
{
    static const char *const kUnits[] = {"", "K", "M", "G", "T", "P"};
    int unit = 0;
    while (bytes >= 1024 && unit < 5) {
        bytes /= 1024;
        ++unit;
    }
    return QString::number(qint64(bytes)) + QLatin1String(kUnits[unit]);
}

// The buckets of a size distribution as categories (their smallest sizes) and counts.
void sizeBars(const QJsonArray &buckets, QStringList &categories, QList<qreal> &values)
{
    for (const QJsonValue value : buckets) {
        const QJsonObject bucket = value.toObject();
        categories.append(bucketText(bucket.value(QStringLiteral("from")).toDouble()));
        values.append(bucket.value(QStringLiteral("count")).toDouble());
    }
}

// At most this many bars of names: each keeps a label's height on a chart of a 1024x700 window.
constexpr int kMostNamedBars = 8;

void namedBars(const QJsonArray &rows,
               const QString &nameKey,
               QStringList &categories,
               QList<qreal> &values)
{
    qreal rest = 0;
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonObject row = rows.at(i).toObject();
        // The rest (the smallest kinds: rows come largest first) in one bar.
        if (rows.size() > kMostNamedBars && i >= kMostNamedBars - 1) {
            rest += row.value(QStringLiteral("entries")).toDouble();
            continue;
        }
        const QString name = row.value(nameKey).toString();
        categories.append(nameKey == QStringLiteral("group") ? expiryGroupText(name) : name);
        values.append(row.value(QStringLiteral("entries")).toDouble());
    }
    if (rows.size() > kMostNamedBars) {
        categories.append(AnalysisCharts::tr(
            "%Ln other kind(s)", nullptr, int(rows.size()) - kMostNamedBars + 1));
        values.append(rest);
    }
}

// Names read best along the side (horizontal bars); sizes read best as a row of columns.
void fill(QChartView *view,
          const QStringList &categories,
          const QList<qreal> &values,
          bool horizontal)
{
    QChart *chart = view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    auto *set = new QBarSet(chart->title());
    QStringList names = categories;
    QList<qreal> counts = values;
    if (horizontal) {
        // The first at the top.
        std::reverse(names.begin(), names.end());
        std::reverse(counts.begin(), counts.end());
    }
    set->append(counts);
    QAbstractBarSeries *series
        = horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries(chart))
                     : new QBarSeries(chart);
    series->append(set);
    chart->addSeries(series);
    auto *axisOfNames = new QBarCategoryAxis(chart);
    axisOfNames->append(names);
    QFont small = axisOfNames->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    axisOfNames->setLabelsFont(small);
    // Qt Charts cuts a label to "..." when it thinks it has no room, even where it has.
    axisOfNames->setTruncateLabels(false);
    chart->addAxis(axisOfNames, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    series->attachAxis(axisOfNames);
    auto *numbers = new QValueAxis(chart);
    numbers->setLabelFormat(QStringLiteral("%.0f"));
    qreal top = 0;
    for (qreal v : values)
        top = std::max(top, v);
    numbers->setRange(0, top > 0 ? top : 1);
    numbers->setTickCount(horizontal ? 5 : 3);
    numbers->applyNiceNumbers();
    numbers->setTruncateLabels(false);
    chart->addAxis(numbers, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(numbers);
}

} // namespace

AnalysisCharts::AnalysisCharts(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    const QStringList titles{tr("Entries by value kind"),
                             tr("Entries by expiry"),
                             tr("Keys by size (bytes, from)"),
                             tr("Values by size (bytes, from)")};
    const QStringList names{QStringLiteral("kindsChart"),
                            QStringLiteral("expiryChart"),
                            QStringLiteral("keySizesChart"),
                            QStringLiteral("valueSizesChart")};
    for (int i = 0; i < titles.size(); ++i) {
        auto *chart = new QChart;
        chart->setTitle(titles.at(i));
        chart->legend()->hide();
        chart->setMargins(QMargins(2, 2, 2, 2));
        chart->setTheme(palette().color(QPalette::Window).lightness() < 128
                            ? QChart::ChartThemeDark
                            : QChart::ChartThemeLight);
        auto *view = new QChartView(chart, this);
        view->setObjectName(names.at(i));
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(200, 150);
        grid->addWidget(view, i / 2, i % 2);
        // The bars of names need the height of their labels; the sizes' columns less.
        grid->setRowStretch(i / 2, i < 2 ? 3 : 2);
        m_charts.push_back(view);
    }
}

void AnalysisCharts::setReport(const QJsonObject &report)
{
    QStringList categories;
    QList<qreal> values;
    namedBars(report.value(QStringLiteral("kinds")).toArray(),
              QStringLiteral("kind"),
              categories,
              values);
    fill(m_charts[0], categories, values, true);
    categories.clear();
    values.clear();
    namedBars(report.value(QStringLiteral("expiry")).toArray(),
              QStringLiteral("group"),
              categories,
              values);
    fill(m_charts[1], categories, values, true);
    categories.clear();
    values.clear();
    sizeBars(report.value(QStringLiteral("keySizes")).toArray(), categories, values);
    fill(m_charts[2], categories, values, false);
    categories.clear();
    values.clear();
    sizeBars(report.value(QStringLiteral("valueSizes")).toArray(), categories, values);
    fill(m_charts[3], categories, values, false);
}

QStringList AnalysisCharts::categoriesOf(QChartView *chart)
{
    for (QAbstractAxis *axis : chart->chart()->axes()) {
        if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis)) {
            QStringList names = categories->categories();
            // Horizontal bars list the first at the top, which is the axis's last.
            if (axis->orientation() == Qt::Vertical)
                std::reverse(names.begin(), names.end());
            return names;
        }
    }
    return {};
}

QList<qreal> AnalysisCharts::valuesOf(QChartView *chart)
{
    QList<qreal> values;
    for (QAbstractSeries *series : chart->chart()->series()) {
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                for (int i = 0; i < set->count(); ++i)
                    values.append(set->at(i));
            }
            if (series->type() == QAbstractSeries::SeriesTypeHorizontalBar)
                std::reverse(values.begin(), values.end());
        }
    }
    return values;
}

} // namespace kvs::ui
