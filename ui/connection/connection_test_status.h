#pragma once

#include "connection/connection_test_result.h"
#include "theme/ui_palette.h"

#include <QWidget>

class QLabel;
class QProgressBar;

namespace kvs::ui {

// The in-place result of "Test connection": a busy bar while testing, then a green "Connection
// OK: ..." or a red "<Step> failed: ..." with the core's text below it, muted. Thread rule: GUI
// thread only.
class ConnectionTestStatus : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionTestStatus(QWidget *parent = nullptr);

    void showBusy(const QString &text);
    void showResult(const ConnectionTestResult &result);
    // A problem found before testing (a URL that does not parse), in red.
    void showProblem(const QString &text);
    void clear();
    // The shown text as plain text (the summary line, then the detail).
    QString text() const;

private:
    void setSummaryRole(UiPalette::Role role);

    QProgressBar *m_busy; // Owned (child).
    QLabel *m_summary;    // Owned (child).
    QLabel *m_detail;     // Owned (child).
};

} // namespace kvs::ui
