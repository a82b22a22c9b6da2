#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <functional>

class QProgressDialog;
class QTimer;
class QWidget;

namespace kvs::ui {

// The progress dialog of a long job that runs on a worker in batches (a subtree delete, import,
// copy or export, a bulk write on search results, an undo in batches, a backup), set up the one
// way they share: window-modal over the job's widget, a bar showing how far the worker got of
// the total, read on the GUI thread every 100 ms through the job's read callback (the worker
// only publishes its counts, in atomics; nothing is sent across threads), a Cancel button (and
// Escape) that calls the job's cancel callback and then says what happens now, and closed when
// the job ends or this object goes. Thread rule: GUI thread only.
class BatchProgress : public QObject
{
    Q_OBJECT

public:
    // How far the worker got: done of total. total 0: the total the dialog was opened with
    // (a job that learns its total late, as a backup does, gives it here).
    struct Counts
    {
        std::int64_t done = 0;
        std::int64_t total = 0;
    };

    // What open() needs beside the label.
    struct Job
    {
        std::int64_t total = 0;       // 0: not known (yet): a busy bar
        std::function<Counts()> read; // the worker's counts; called on the GUI thread
        std::function<void()> cancel; // Cancel was pressed: stop the job
        QString stopping;             // the label once cancelled ("": the label stays)
        int showAfterMs = 0;          // 0: shown at once; else only if the job lasts longer
    };

    // parent: the widget the dialog is modal over and a child of (not owned). dialogName: the
    // dialog's objectName (tests find it by it).
    BatchProgress(QWidget *parent, QString dialogName);
    ~BatchProgress() override;

    // Opens the dialog saying label for job, in place of one open now.
    void open(const QString &label, Job job);
    // Closes (deletes) the dialog; the job's callbacks are not called any more. Nothing when
    // none is open.
    void close();
    // The dialog while open, else null.
    QProgressDialog *dialog() const;
    // Reads the job's counts into the bar now (the timer does it every 100 ms while open).
    void update();

private:
    QPointer<QWidget> m_parent;
    QString m_dialogName;
    QPointer<QProgressDialog> m_dialog; // Owned (a child of m_parent; deleted by close()).
    QTimer *m_poll;                     // Owned (child).
    std::function<Counts()> m_read;
    std::int64_t m_total = 0; // the bar's total as counted (the bar holds an int)
};

} // namespace kvs::ui
