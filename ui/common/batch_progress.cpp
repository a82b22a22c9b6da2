#include "common/batch_progress.h"

#include <QProgressDialog>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <climits>
#include <utility>

namespace kvs::ui {

namespace {

constexpr int kPollMs = 100;

// The bar holds an int: counts of a total over INT_MAX are scaled down, keeping the fraction.
int onBar(std::int64_t count, std::int64_t total)
{
    const std::int64_t divisor = total > INT_MAX ? total / INT_MAX + 1 : 1;
    return int(std::clamp<std::int64_t>(count / divisor, 0, INT_MAX));
}

} // namespace

BatchProgress::BatchProgress(QWidget *parent, QString dialogName)
    : m_parent(parent)
    , m_dialogName(std::move(dialogName))
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, &BatchProgress::update);
}

BatchProgress::~BatchProgress()
{
    close();
}

QProgressDialog *BatchProgress::dialog() const
{
    return m_dialog;
}

void BatchProgress::open(const QString &label, Job job)
{
    close();
    m_total = std::max<std::int64_t>(job.total, 0);
    m_read = std::move(job.read);
    m_dialog = new QProgressDialog(label, tr("Cancel"), 0, onBar(m_total, m_total), m_parent);
    m_dialog->setObjectName(m_dialogName);
    m_dialog->setWindowModality(Qt::WindowModal);
    m_dialog->setMinimumDuration(job.showAfterMs);
    // The job ends the dialog, not the bar reaching its end (a count may run past an estimate).
    m_dialog->setAutoClose(false);
    m_dialog->setAutoReset(false);
    connect(m_dialog,
            &QProgressDialog::canceled,
            this,
            [this, cancel = std::move(job.cancel), stopping = job.stopping] {
                if (cancel)
                    cancel();
                if (m_dialog && !stopping.isEmpty())
                    m_dialog->setLabelText(stopping);
            });
    // With a delay, QProgressDialog shows itself once the job has lasted that long.
    if (job.showAfterMs == 0)
        m_dialog->show();
    m_poll->start();
}

void BatchProgress::close()
{
    m_poll->stop();
    m_read = nullptr;
    if (m_dialog) {
        // The job's callbacks end with the dialog.
        m_dialog->disconnect(this);
        delete m_dialog.data();
    }
}

void BatchProgress::update()
{
    if (!m_dialog || !m_read)
        return;
    const Counts counts = m_read();
    if (counts.total > 0 && counts.total != m_total) {
        m_total = counts.total;
        m_dialog->setMaximum(onBar(m_total, m_total));
    }
    if (m_total == 0)
        return; // a busy bar: a value would only restart a delayed dialog's wait
    m_dialog->setValue(onBar(std::min(counts.done, m_total), m_total));
}

} // namespace kvs::ui
