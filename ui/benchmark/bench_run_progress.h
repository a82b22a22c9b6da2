#pragma once

#include "bench/workload/workload_config.h"
#include "bench/workload/workload_engine.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace kvs::ui {

class BenchController;

// What the Benchmark view's status line says while a run is in flight, four times a second:
// the keys loading, the warm-up's seconds left, the measured seconds, or a capacity search's
// step under way. Thread rule: GUI thread only.
class BenchRunProgress : public QObject
{
    Q_OBJECT

public:
    // Requires: controller outlives this.
    explicit BenchRunProgress(BenchController *controller, QObject *parent = nullptr);

signals:
    void status(const QString &text);

private:
    void onStarted();
    void onLoaded();
    void onStepStarted(int index, double rate, bool repeat);
    void update();

    BenchController *m_controller; // Not owned.
    QTimer m_timer;
    std::optional<qint64> m_loadedAtMs; // controller time when the load phase ended
    QString m_stepText;                 // a capacity search: the step under way
    qint64 m_stepStartedMs = 0;         // controller time when that step started
};

} // namespace kvs::ui
