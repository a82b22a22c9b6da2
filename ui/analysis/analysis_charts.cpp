#include "analysis/analysis_charts.h"

#include "analysis/analysis_texts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QJsonArray>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>

namespace kvs::ui {

namespace {

QString sizeText(double bytes)
{
    return QLocale().formattedDataSize(qint64(bytes), 0, QLocale::DataSizeTraditionalFormat);
}

// The buckets of a size distribution as categories ("0 bytes", "≥ 1 KB") and counts.
void sizeBars(const QJsonArray &buckets, QStringList &categories, QList<qreal> &values)
{
    for (const QJsonValue value : buckets) {
        const QJsonObject bucket = value.toObject();
        const double from = bucket.value(QStringLiteral("from")).toDouble();
        categories.append(from <= 0 ? sizeText(0) : QStringLiteral("≥ %1").arg(sizeText(from)));
        values.append(bucket.value(QStringLiteral("count")).toDouble());
    }
}

void namedBars(const QJsonArray &rows,
               const QString &nameKey,
               QStringList &categories,
               QList<qreal> &values)
{
    for (const QJsonValue value : rows) {
        const QJsonObject row = value.toObject();
        const QString name = row.value(nameKey).toString();
        categories.append(nameKey == QStringLiteral("group") ? expiryGroupText(name) : name);
        values.append(row.value(QStringLiteral("entries")).toDouble());
    }
}

void fill(QChartView *view, const QStringList &categories, const QList<qreal> &values)
{
    QChart *chart = view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    auto *set = new QBarSet(chart->title());
    set->append(values);
    auto *series = new QBarSeries(chart);
    series->append(set);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis(chart);
    x->append(categories);
    x->setLabelsAngle(categories.size() > 6 ? -60 : 0);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis(chart);
    y->setLabelFormat(QStringLiteral("%.0f"));
    qreal top = 0;
    for (qreal v : values)
        top = std::max(top, v);
    y->setRange(0, top > 0 ? top * 1.1 : 1);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
}

} // namespace

AnalysisCharts::AnalysisCharts(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    const QStringList titles{tr("Entries by value kind"),
                             tr("Entries by expiry"),
                             tr("Keys by size"),
                             tr("Values by size")};
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
    fill(m_charts[0], categories, values);
    categories.clear();
    values.clear();
    namedBars(report.value(QStringLiteral("expiry")).toArray(),
              QStringLiteral("group"),
              categories,
              values);
    fill(m_charts[1], categories, values);
    categories.clear();
    values.clear();
    sizeBars(report.value(QStringLiteral("keySizes")).toArray(), categories, values);
    fill(m_charts[2], categories, values);
    categories.clear();
    values.clear();
    sizeBars(report.value(QStringLiteral("valueSizes")).toArray(), categories, values);
    fill(m_charts[3], categories, values);
}

QStringList AnalysisCharts::categoriesOf(QChartView *chart)
{
    for (QAbstractAxis *axis : chart->chart()->axes(Qt::Horizontal)) {
        if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
            return categories->categories();
    }
    return {};
}

QList<qreal> AnalysisCharts::valuesOf(QChartView *chart)
{
    QList<qreal> values;
    for (QAbstractSeries *series : chart->chart()->series()) {
        if (auto *bars = qobject_cast<QBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                for (int i = 0; i < set->count(); ++i)
                    values.append(set->at(i));
            }
        }
    }
    return values;
}

} // namespace kvs::ui
