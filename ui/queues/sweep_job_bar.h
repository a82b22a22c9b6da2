#pragma once

#include <QWidget>

#include <cstdint>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimeEdit;

namespace kvs::ui {

class QueueCountJob;
class QueuesController;
struct SweepJobSpec;

// The settings and the state of the Queues view's jobs: for bulk jobs, the rate limit (messages
// per second, empty for none), the auto-pause share, a scheduled start ("start at HH:MM", today
// or tomorrow, only while the app is open); while a job is pending or running: its progress
// with counts and rate, Pause / Resume and Cancel, and why it paused; then its result. The one
// place for every job's progress: the controller's dead-letter jobs (SweepJob) and the count of
// another status (QueueCountJob, which has no pause). Thread rule: GUI thread only.
class SweepJobBar : public QWidget
{
    Q_OBJECT

public:
    // Requires: controller and count outlive this bar.
    SweepJobBar(QueuesController *controller, QueueCountJob *count, QWidget *parent = nullptr);

    // Whether the rate field holds a rate (or nothing); the job buttons need it.
    bool hasValidSettings() const;
    // Puts the fields' rate, auto-pause share and start time into spec; nowMs: the clock's now.
    void applyTo(SweepJobSpec &spec, std::int64_t nowMs) const;
    // The settings as a confirmation says them (" At most 50 messages per second. ...").
    QString describe(const SweepJobSpec &spec) const;

    QLineEdit *rateField() const { return m_rate; }
    QSpinBox *autoPauseField() const { return m_autoPause; }
    QCheckBox *startAtCheck() const { return m_startAtCheck; }
    QTimeEdit *startAtTime() const { return m_startAt; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    // The running job's progress, or the last job's result.
    QLabel *jobLabel() const { return m_label; }

signals:
    void settingsChanged();

private:
    void updateState();
    void showProgress();
    void showCountProgress(qint64 scanned, qint64 matched);
    // The label's text; an empty label takes no line.
    void setJobText(const QString &text);
    void showCountResult(qint64 scanned, qint64 matched, bool cancelled, const QString &error);

    QueuesController *m_controller; // Not owned.
    QueueCountJob *m_count;         // Not owned.
    QLineEdit *m_rate;              // Owned.
    QSpinBox *m_autoPause;          // Owned.
    QCheckBox *m_startAtCheck;      // Owned.
    QTimeEdit *m_startAt;           // Owned.
    QProgressBar *m_progress;       // Owned.
    QPushButton *m_pause;           // Owned.
    QPushButton *m_cancel;          // Owned.
    QLabel *m_label;                // Owned.
};

} // namespace kvs::ui
