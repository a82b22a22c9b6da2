#include "benchmark/bench_run_starter.h"

#include "bench/workload/capacity_search.h"
#include "bench/workload/workload_mix.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_form.h"

#include <kvs/errors.h>

namespace kvs::ui {

BenchRunStarter::BenchRunStarter(BenchForm *form, BenchController *controller, QObject *parent)
    : QObject(parent)
    , m_form(form)
    , m_controller(controller)
{}

std::optional<std::vector<bench::SloThreshold>> BenchRunStarter::formSlo()
{
    if (m_form->sloText().isEmpty())
        return std::vector<bench::SloThreshold>{};
    try {
        return bench::parseSlo(m_form->sloText().toStdString());
    } catch (const Error &error) {
        emit status(tr("The SLO does not read: %1").arg(QString::fromStdString(error.what())));
        return std::nullopt;
    }
}

std::optional<bench::WorkloadConfig> BenchRunStarter::formRun()
{
    bench::WorkloadConfig run = m_form->config();
    if (m_form->target() == BenchForm::PostgresServer && !m_form->hasPostgresServer()) {
        emit status(tr("This database is not on a PostgreSQL server."));
        return std::nullopt;
    }
    if (run.workload == "custom") {
        try {
            run.mix = bench::parseMix(m_form->mixText().toStdString());
        } catch (const Error &error) {
            emit status(QString::fromStdString(error.what()));
            return std::nullopt;
        }
    }
    return run;
}

bool BenchRunStarter::start()
{
    const std::optional<bench::WorkloadConfig> run = formRun();
    if (!run || !formSlo())
        return false;
    return m_controller->start(*run);
}

bool BenchRunStarter::findCapacity()
{
    std::optional<bench::WorkloadConfig> search = formRun();
    if (!search)
        return false;
    const std::optional<std::vector<bench::SloThreshold>> slo = formSlo();
    if (!slo)
        return false;
    search->rate = 0;
    bench::CapacityOptions options;
    options.slo = *slo;
    return m_controller->findCapacity(*search, options);
}

} // namespace kvs::ui
