#pragma once

#include <kvs/clock.h>

#include <QStringList>
#include <QWidget>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

class QCategoryAxis;
class QChartView;
class QComboBox;
class QDateTimeAxis;
class QLabel;
class QLineSeries;

namespace kvs::ui {

class QueueHistory;

// The queue charts of a database: counts over time (due, delayed, processing, dead, done) and
// rates per second (enqueued, from the id counter, for the whole database; dead-lettered, dead
// letters retried or deleted, acknowledged, from the counts) for every topic together or one
// topic, over the last 5 minutes, hour or 24 hours of a QueueHistory. Thread rule: GUI thread
// only.
class QueueChartsView : public QWidget
{
    Q_OBJECT

public:
    enum CountSeries {
        DueCount,
        DelayedCount,
        ProcessingCount,
        DeadCount,
        DoneCount,
        CountSeriesCount
    };
    enum RateSeries {
        EnqueuedRate,
        DeadLetteredRate,
        RetriedOrDeletedRate,
        AcknowledgedRate,
        RateSeriesCount
    };
    // The choices of rangeChoice(), in its order.
    static constexpr std::array<std::int64_t, 3> kRangesMs{
        5LL * 60 * 1000, 3600LL * 1000, 24LL * 3600 * 1000};

    explicit QueueChartsView(QWidget *parent = nullptr);

    // The history drawn (owned by a QueueRateSampler that outlives this view), or none.
    void setHistory(const QueueHistory *history);
    // Draws the history again (after a sample, a load, or a change of scope or range).
    void redraw();
    // The time the range ends at: the clock's now (null: the system's, the default). On a clock
    // that moves by itself, never before the newest sample (one stamped by a machine whose clock
    // was ahead); a ManualClock (tests) fixes it.
    void setClock(std::shared_ptr<Clock> clock)
    {
        m_clock = clock ? std::move(clock) : systemClock();
    }

    QComboBox *scopeChoice() const { return m_scope; }
    QComboBox *rangeChoice() const { return m_range; }
    QLineSeries *countSeries(CountSeries which) const { return m_counts[which]; }
    QLineSeries *rateSeries(RateSeries which) const { return m_rates[which]; }
    QLabel *note() const { return m_note; }
    QChartView *countView() const { return m_countView; }
    QChartView *rateView() const { return m_rateView; }
    // The legends below the charts: each shown series' colour and name, wrapped to the width.
    QLabel *countLegend() const { return m_countLegend; }
    QLabel *rateLegend() const { return m_rateLegend; }
    // The labels the count axis shows now, bottom to top ("0", "500", "1k", ...).
    QStringList countAxisLabels() const;

    // A number as an axis label, a few characters wide: 950, 1.5k, 12k, 1.2M, 0.25 (three
    // significant digits, the locale's decimal point).
    static QString compactNumber(double value);
    // The ticks of an axis from 0 to at least highest: 1, 2 or 5 times a power of ten apart, at
    // most maxTicks of them above 0; the last is the axis' top. An empty chart reads 0 .. 1.
    static std::vector<double> niceTicks(double highest, int maxTicks);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateScopes();
    std::string scopeTopic() const;

    const QueueHistory *m_history = nullptr; // Not owned.
    std::shared_ptr<Clock> m_clock = systemClock();
    QComboBox *m_scope;                                     // Owned.
    QComboBox *m_range;                                     // Owned.
    QLabel *m_note;                                         // Owned.
    QChartView *m_countView;                                // Owned.
    QChartView *m_rateView;                                 // Owned.
    QDateTimeAxis *m_countTime;                             // Owned by its chart.
    QCategoryAxis *m_countAxis;                             // Owned by its chart.
    QDateTimeAxis *m_rateTime;                              // Owned by its chart.
    QCategoryAxis *m_rateAxis;                              // Owned by its chart.
    QLabel *m_countLegend;                                  // Owned.
    QLabel *m_rateLegend;                                   // Owned.
    std::array<QLineSeries *, CountSeriesCount> m_counts{}; // Owned by their chart.
    std::array<QLineSeries *, RateSeriesCount> m_rates{};   // Owned by their chart.
};

} // namespace kvs::ui
