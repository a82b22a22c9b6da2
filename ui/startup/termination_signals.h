#pragma once

#include <QObject>

class QSocketNotifier;

namespace kvs::ui {

// SIGTERM (a logout, systemd, kill), SIGINT (Ctrl+C in the terminal) and SIGHUP for kvs-admin.
// Their default action ends the process at once, between two batches of a running job and
// before its ended line is in the audit log. Here the handler only writes the signal's number
// to a socket; the GUI thread reads it and emits terminationRequested(), and main() then ends
// the event loop with 128 + the number (143 for SIGTERM): the window goes, each running job is
// interrupted after its batch in flight and writes its ended line ("interrupted"), and the
// application waits for those workers before the process exits. A second signal while that
// happens ends the process at once. Thread rule: GUI thread only; one instance per process.
class TerminationSignals : public QObject
{
    Q_OBJECT

public:
    explicit TerminationSignals(QObject *parent = nullptr);
    // Puts the default actions back.
    ~TerminationSignals() override;

signals:
    void terminationRequested(int signalNumber);

private:
    void readSignal();

    QSocketNotifier *m_notifier = nullptr; // Owned (child).
};

} // namespace kvs::ui
