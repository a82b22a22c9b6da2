#pragma once

#include "bench/workload/slo.h"
#include "bench/workload/workload_config.h"

#include <QObject>

#include <optional>
#include <vector>

namespace kvs::ui {

class BenchController;
class BenchForm;

// Starts what the Benchmark view's form describes: a run, or a capacity search against the
// form's SLO, after checking what only the form can get wrong (a PostgreSQL target without a
// server, a custom mix or an SLO that does not read); the controller checks the rest. A refusal
// is said in status(). Thread rule: GUI thread only.
class BenchRunStarter : public QObject
{
    Q_OBJECT

public:
    // Requires: form and controller outlive this.
    BenchRunStarter(BenchForm *form, BenchController *controller, QObject *parent = nullptr);

    // Starts the form's run; false when it is refused.
    bool start();
    // Starts a capacity search of the form's workload against its SLO (each step runs the
    // form's warm-up and measured seconds); false when it is refused.
    bool findCapacity();
    // The form's SLO (empty for none); nullopt, and status() says why, when it does not read.
    std::optional<std::vector<bench::SloThreshold>> formSlo();

signals:
    // Why a start was refused.
    void status(const QString &text);

private:
    // The form's run with its mix; nullopt (status() says why) when the form cannot run.
    std::optional<bench::WorkloadConfig> formRun();

    BenchForm *m_form;             // Not owned.
    BenchController *m_controller; // Not owned.
};

} // namespace kvs::ui
