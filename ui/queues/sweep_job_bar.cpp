#include "queues/sweep_job_bar.h"

#include "queues/queue_count_job.h"
#include "queues/queues_controller.h"
#include "queues/sweep_job.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimeEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdint>

namespace kvs::ui {

SweepJobBar::SweepJobBar(QueuesController *controller, QueueCountJob *count, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_count(count)
    , m_rate(new QLineEdit(this))
    , m_autoPause(new QSpinBox(this))
    , m_startAtCheck(new QCheckBox(tr("Start at"), this))
    , m_startAt(new QTimeEdit(this))
    , m_progress(new QProgressBar(this))
    , m_pause(new QPushButton(tr("Pause"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_label(new QLabel(this))
{
    auto *validator = new QDoubleValidator(0.001, 1e9, 3, m_rate);
    validator->setNotation(QDoubleValidator::StandardNotation);
    m_rate->setValidator(validator);
    m_rate->setPlaceholderText(tr("unlimited"));
    m_rate->setClearButtonEnabled(true);
    m_rate->setToolTip(tr("Bulk jobs touch at most this many messages per second; empty: as "
                          "fast as short batches go."));
    m_autoPause->setRange(1, 100);
    m_autoPause->setValue(50);
    m_autoPause->setSuffix(tr(" %"));
    m_autoPause->setToolTip(tr("A bulk retry pauses by itself when more than this share of "
                               "the messages it retried have died again."));
    m_startAt->setDisplayFormat(QStringLiteral("HH:mm"));
    m_startAt->setEnabled(false);
    m_startAt->setToolTip(tr("Bulk jobs start at this time (today, or tomorrow if it has "
                             "passed). The job waits only while KVS Admin stays open."));
    m_startAtCheck->setToolTip(m_startAt->toolTip());
    m_label->setWordWrap(true);
    m_label->hide(); // no line of its own before the first job
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *settings = new QHBoxLayout;
    settings->setContentsMargins(0, 0, 0, 0);
    settings->addWidget(new QLabel(tr("Bulk jobs: messages per second"), this));
    settings->addWidget(m_rate);
    settings->addWidget(new QLabel(tr("auto-pause when died again above"), this));
    settings->addWidget(m_autoPause);
    settings->addWidget(m_startAtCheck);
    settings->addWidget(m_startAt);
    settings->addStretch(1);
    auto *running = new QHBoxLayout;
    running->setContentsMargins(0, 0, 0, 0);
    running->addWidget(m_progress, 1);
    running->addWidget(m_pause);
    running->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(settings);
    layout->addLayout(running);
    layout->addWidget(m_label);

    connect(m_startAtCheck, &QCheckBox::toggled, m_startAt, &QWidget::setEnabled);
    connect(m_rate, &QLineEdit::textChanged, this, &SweepJobBar::settingsChanged);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        SweepJob *job = m_controller->job();
        if (!job)
            return;
        if (job->state() == SweepJob::State::Paused)
            job->resume();
        else
            job->pause();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_count->isRunning())
            m_count->cancel();
        else
            m_controller->cancelJob();
    });
    connect(m_controller, &QueuesController::jobStateChanged, this, &SweepJobBar::updateState);
    connect(m_controller, &QueuesController::jobProgress, this, &SweepJobBar::showProgress);
    connect(m_count, &QueueCountJob::started, this, [this] {
        updateState();
        showCountProgress(0, 0);
    });
    connect(m_count, &QueueCountJob::progress, this, &SweepJobBar::showCountProgress);
    connect(m_count, &QueueCountJob::finished, this, &SweepJobBar::showCountResult);
    updateState();
}

bool SweepJobBar::hasValidSettings() const
{
    return m_rate->text().isEmpty() || m_rate->hasAcceptableInput();
}

void SweepJobBar::applyTo(SweepJobSpec &spec, std::int64_t nowMs) const
{
    spec.ratePerSecond.reset();
    if (!m_rate->text().isEmpty() && m_rate->hasAcceptableInput())
        spec.ratePerSecond = QLocale().toDouble(m_rate->text());
    spec.autoPauseShare = m_autoPause->value() / 100.0;
    spec.startAtMs.reset();
    if (m_startAtCheck->isChecked())
        spec.startAtMs = SweepJob::nextOccurrence(m_startAt->time(), nowMs);
}

QString SweepJobBar::describe(const SweepJobSpec &spec) const
{
    QStringList parts;
    parts
        << (spec.ratePerSecond
                ? tr("At most %1 messages per second.").arg(QLocale().toString(*spec.ratePerSecond))
                : tr("No rate limit: batches of at most 1000 messages and about 10 ms each."));
    if (spec.action == DeadLetterAction::Retry && spec.autoPauseShare) {
        parts << tr("It pauses by itself when more than %1 % of the retried messages die again.")
                     .arg(qRound(*spec.autoPauseShare * 100));
    }
    if (spec.startAtMs) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(*spec.startAtMs);
        parts << tr("It starts at %1 on %2, and only if KVS Admin is still open then.")
                     .arg(QLocale().toString(at.time(), QLocale::ShortFormat),
                          QLocale().toString(at.date(), QLocale::ShortFormat));
    }
    return parts.join(QLatin1Char(' '));
}

void SweepJobBar::updateState()
{
    const SweepJob *job = m_controller->job();
    const bool counting = m_count->isRunning();
    const bool active = job && job->state() != SweepJob::State::Finished;
    m_progress->setVisible(active || counting);
    m_pause->setVisible(active);
    m_cancel->setVisible(active || counting);
    m_pause->setEnabled(active && job->state() != SweepJob::State::Scheduled);
    for (QWidget *field : {static_cast<QWidget *>(m_rate),
                           static_cast<QWidget *>(m_autoPause),
                           static_cast<QWidget *>(m_startAtCheck)})
        field->setEnabled(!active);
    m_startAt->setEnabled(!active && m_startAtCheck->isChecked());
    if (counting) {
        const qint64 expected = m_count->expected();
        m_progress->setRange(0, expected > 0 ? int(std::min<qint64>(expected, INT32_MAX)) : 0);
        m_progress->setValue(0);
        return;
    }
    if (!job)
        return; // the label keeps a count's result
    m_pause->setText(job->state() == SweepJob::State::Paused ? tr("Resume") : tr("Pause"));
    const std::int64_t expected = job->spec().expected;
    if (expected > 0)
        m_progress->setRange(0, int(std::min<std::int64_t>(expected, INT32_MAX)));
    else
        m_progress->setRange(0, 0);
    switch (job->state()) {
    case SweepJob::State::Scheduled: {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(*job->spec().startAtMs);
        setJobText(tr("Scheduled: the job starts at %1 on %2. It runs only while KVS "
                      "Admin stays open; Cancel drops it.")
                       .arg(QLocale().toString(at.time(), QLocale::ShortFormat),
                            QLocale().toString(at.date(), QLocale::ShortFormat)));
        break;
    }
    case SweepJob::State::Finished:
        setJobText(job->resultMessage());
        break;
    default:
        showProgress();
    }
}

void SweepJobBar::showProgress()
{
    const SweepJob *job = m_controller->job();
    if (!job || job->state() == SweepJob::State::Finished
        || job->state() == SweepJob::State::Scheduled)
        return;
    const DeadLetterSweepProgress &p = job->progress();
    if (m_progress->maximum() > 0)
        m_progress->setValue(int(std::min<std::int64_t>(p.matched, m_progress->maximum())));
    const QString counts = tr("Read %1 dead messages, %2 matched, %3 done, %4 messages/s.")
                               .arg(p.scanned)
                               .arg(p.matched)
                               .arg(p.changed)
                               .arg(qRound(job->rate()));
    switch (job->state()) {
    case SweepJob::State::Exporting:
        setJobText(tr(
            "Exporting before the delete: %Ln message(s) written…", nullptr, int(job->exported())));
        break;
    case SweepJob::State::Paused:
        setJobText(
            job->autoPaused()
                ? tr("Paused by itself: %1 of the %2 messages this job retried died again (more "
                     "than %3 %). Resume or Cancel. %4")
                      .arg(p.diedAgain)
                      .arg(p.changed)
                      .arg(qRound(job->spec().autoPauseShare.value_or(0) * 100))
                      .arg(counts)
                : tr("Paused (after the batch in flight). Resume or Cancel. %1").arg(counts));
        break;
    default:
        setJobText(counts);
    }
}

void SweepJobBar::showCountProgress(qint64 scanned, qint64 matched)
{
    if (!m_count->isRunning())
        return;
    if (m_progress->maximum() > 0)
        m_progress->setValue(int(std::min<qint64>(scanned, m_progress->maximum())));
    const QLocale locale;
    setJobText(tr("Read %1 messages, %2 matched…")
                   .arg(locale.toString(scanned), locale.toString(matched)));
}

void SweepJobBar::showCountResult(qint64 scanned,
                                  qint64 matched,
                                  bool cancelled,
                                  const QString &error)
{
    updateState();
    const QString count = tr("%Ln message(s) match (of %1 read).", nullptr, int(matched))
                              .arg(QLocale().toString(scanned));
    setJobText(!error.isEmpty() ? tr("The count failed: %1").arg(error)
               : cancelled      ? tr("Cancelled. %1").arg(count)
                                : count);
}

void SweepJobBar::setJobText(const QString &text)
{
    m_label->setText(text);
    m_label->setVisible(!text.isEmpty());
}

} // namespace kvs::ui
