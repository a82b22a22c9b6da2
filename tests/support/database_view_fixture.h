#pragma once

#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/key.h>
#include <kvs/literal.h>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

#include <memory>
#include <string>

// The set-up the GUI tests of the key tree share: a main window holding one database tab
// (SQLite file or PostgreSQL schema), opened read-only and switched to writes when asked, the
// answer to the next message box, and the tree's rows found by key. GUI thread only.
namespace kvs::test {

// Clicks the button labelled buttonText of the next message box once it shows (polling every
// 20 ms, tries times); records its text and informative text in text. Gives up after tries: a
// box that never came must not be answered in a later test.
inline void
answerNextMessageBox(const QString &buttonText, QString *text = nullptr, int tries = 1000)
{
    if (tries == 0) {
        qWarning() << "no message box came to answer with" << buttonText;
        return;
    }
    QTimer::singleShot(20, qApp, [buttonText, text, tries] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(widget);
            if (!box || !box->isVisible())
                continue;
            if (text)
                *text = box->text() + QLatin1Char('\n') + box->informativeText();
            for (QAbstractButton *button : box->buttons()) {
                if (button->text().remove(QLatin1Char('&')) == buttonText) {
                    button->click();
                    return;
                }
            }
            qWarning() << "no button" << buttonText << "in" << box->text();
            box->reject();
            return;
        }
        answerNextMessageBox(buttonText, text, tries - 1);
    });
}

// A session on the SQLite file at path (not opened yet).
inline ui::DatabaseSession *sqliteSession(const QString &path)
{
    return new ui::DatabaseSession(ui::ConnectionSpec::sqlite(path), {});
}

// A session on schema of the PostgreSQL server at url (postgresUrl() of the test server).
inline ui::DatabaseSession *postgresSession(const std::string &url, const std::string &schema)
{
    QString password;
    ui::ConnectionSpec spec
        = *ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(url), &password);
    spec.setSchema(QString::fromStdString(schema));
    return new ui::DatabaseSession(spec, password);
}

// True once view's mode line reads mode ("Read-only (inspect)", "Writable").
inline bool waitForMode(ui::DatabaseView *view, const QString &mode, int timeoutMs)
{
    return QTest::qWaitFor([&] { return view->modeText() == mode; }, timeoutMs);
}

// Switches view to writes, answering its confirmation; true once it is writable.
inline bool allowWrites(ui::DatabaseView *view, int timeoutMs)
{
    answerNextMessageBox(QStringLiteral("Allow writes"));
    view->allowWritesAction()->trigger();
    return waitForMode(view, QStringLiteral("Writable"), timeoutMs);
}

// The loaded row of view's tree at the key literal, walking down through the loaded rows whose
// keys are prefixes of it; invalid when it is not loaded.
inline QModelIndex loadedRow(ui::DatabaseView *view, const char *literal)
{
    const std::string encoded = encodeKey(parseKeyLiteral(literal));
    ui::KeyTreeModel *model = view->tree()->model();
    QModelIndex parent;
    for (;;) {
        bool descended = false;
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex child = model->index(row, 0, parent);
            const std::string key = model->encodedKeyAt(child);
            if (key == encoded)
                return child;
            if (!key.empty() && encoded.rfind(key, 0) == 0) {
                parent = child;
                descended = true;
                break;
            }
        }
        if (!descended)
            return {};
    }
}

// The root's child at the one-part key literal, once the root's first page is in (invalid
// after timeoutMs).
inline QModelIndex rootRow(ui::DatabaseView *view, const char *literal, int timeoutMs)
{
    ui::KeyTreeModel *model = view->tree()->model();
    const std::string encoded = encodeKey(parseKeyLiteral(literal));
    QModelIndex found;
    (void)QTest::qWaitFor(
        [&] {
            found = model->findChild({}, encoded);
            return found.isValid();
        },
        timeoutMs);
    return found;
}

// Starts the bulk action kind on the subtree at index of view's tree (with the file path),
// answering its confirmation with buttonText (its question in question); the summary it ended
// with, or "<not started>" / "<no end>".
inline QString runBulk(ui::DatabaseView *view,
                       ui::SubtreeBulkAction::Kind kind,
                       const QModelIndex &index,
                       const QString &path,
                       const QString &buttonText,
                       QString *question,
                       int timeoutMs)
{
    ui::KeyRowActions *actions = view->tree()->rowActions();
    QSignalSpy finished(actions, &ui::KeyRowActions::bulkFinished);
    answerNextMessageBox(buttonText, question);
    if (!actions->startBulk(kind, index, path))
        return QStringLiteral("<not started>");
    if (!finished.wait(timeoutMs))
        return QStringLiteral("<no end>");
    return finished.at(0).at(0).toString();
}

// A main window (with a status bar) holding one database tab as its central widget.
class DatabaseWindow
{
public:
    // Shows a window with a view of session (owned by the window from here on), waits until it
    // opened read-only, then switches on writes if asked. False when a step timed out.
    bool open(ui::DatabaseSession *session, bool writable, int timeoutMs)
    {
        m_window = std::make_unique<QMainWindow>();
        m_window->statusBar();
        m_view = new ui::DatabaseView(session);
        m_window->setCentralWidget(m_view);
        m_window->resize(1100, 650);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return false;
        if (!waitForMode(m_view, QStringLiteral("Read-only (inspect)"), timeoutMs))
            return false;
        return !writable || allowWrites(m_view, timeoutMs);
    }
    void close()
    {
        m_window.reset();
        m_view = nullptr;
    }
    QMainWindow *window() const { return m_window.get(); }
    ui::DatabaseView *view() const { return m_view; }

private:
    std::unique_ptr<QMainWindow> m_window;
    ui::DatabaseView *m_view = nullptr; // Not owned (a child of m_window).
};

} // namespace kvs::test
