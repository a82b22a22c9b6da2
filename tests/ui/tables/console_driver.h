#pragma once

#include "tables/console_controller.h"
#include "tables/sql_console_pane.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

// Drives the SQL console as a user does: types a statement, clicks Run, waits until it ends.
namespace kvs::test {

inline void runInConsole(ui::SqlConsolePane &pane, const QString &sql)
{
    QSignalSpy done(pane.controller(), &ui::ConsoleController::runningChanged);
    pane.editor()->setPlainText(sql);
    pane.runButton()->click();
    QTRY_VERIFY(!done.isEmpty() && !done.last().first().toBool());
}

} // namespace kvs::test
