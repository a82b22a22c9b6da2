#pragma once

#include "search/search_run_widgets.h"
#include "search/value_result_action.h"

#include <kvs/async_kvstore.h>

#include <QPointer>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeView;

namespace kvs::ui {

class ValueSearchController;

// The values mode of the Search view (issue 38): a text, regular expression or condition (the
// condition checked as it is typed, its error under the field), a prefix, Search and Cancel,
// the counts of rows scanned, matched and undecodable while it runs, and the entries found as
// they arrive (key, value kind, a one-line preview with the match marked, version).
// Double-click (or Enter) on an entry asks to open it. On a writable tab the results can be
// deleted, given or cleared of an expiry, or exported (ValueResultAction); a read-only tab
// shows none of these. Thread rule: GUI thread only.
class ValueSearchPane : public QWidget
{
    Q_OBJECT

public:
    explicit ValueSearchPane(QWidget *parent = nullptr);

    // writable: whether the results' actions are offered; auditDatabase: the database as the
    // audit log names it.
    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable, QString auditDatabase = {});
    void setPrefix(const Key &prefix) { m_run.setPrefix(prefix); }
    void focusText() { m_run.focusText(); }
    // Starts the search the fields describe (what the Search button does).
    void startSearch();
    // Runs an action on every result (what the buttons do after asking for a time or a file).
    // ttlMs: SetExpiry's time to live; path: Export's file. Does nothing on a read-only tab.
    void runAction(ValueResultAction::Kind kind, double ttlMs = 0, const QString &path = {});
    // Replaces the actions' confirmation box (tests).
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Tests only: passed to each action (called on its worker after each batch).
    void setActionBatchHook(std::function<void(std::int64_t done)> hook)
    {
        m_actionBatchHook = std::move(hook);
    }

    ValueSearchController *controller() const { return m_controller; }
    QComboBox *modeBox() const { return m_mode; }
    QLineEdit *textEdit() const { return m_text; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QCheckBox *caseSensitiveBox() const { return m_case; }
    QPushButton *searchButton() const { return m_search; }
    QPushButton *cancelButton() const { return m_cancel; }
    QWidget *actionsBar() const { return m_actions; }
    QTreeView *resultsView() const { return m_results; }
    // The problem shown under the text field as it is typed, or empty.
    QString problemText() const;
    // The error banner's text (a bad prefix, a failed read), or empty.
    QString errorText() const { return m_run.errorText(); }
    QString statusText() const { return m_run.statusText(); }
    QString capNote() const { return m_run.capNoteText(); }
    // What the last action did.
    QString actionSummary() const;
    bool isActionRunning() const { return m_action != nullptr; }

    // The most checks "Add as checks" adds: a transaction of thousands of checks is no use to
    // edit by hand.
    static constexpr int kMaxChecks = 100;
    // Asks whether to add a check of each entry found (the first kMaxChecks, in key order) to
    // the Transaction view, and emits checksRequested() when yes (what the button does).
    void addAsChecks();

signals:
    void keyActivated(const kvs::Key &key);
    // The user chose to add these checks (each entry at the version the search saw) to the
    // Transaction view.
    void checksRequested(const std::vector<kvs::Check> &checks);
    // An action wrote to the database (the tree may read it again).
    void dataChanged();

private:
    void onProgress();
    void onFinished(bool cancelled, bool capped);
    void onActionFinished(const QString &summary,
                          const ValueResultAction::Outcome &outcome,
                          ValueResultAction::Kind kind,
                          quint64 generation,
                          double ttlMs,
                          bool failed);
    void validate();
    void updateButtons();
    void askExpiry();
    void askExport();

    ValueSearchController *m_controller;  // Owned (child).
    QComboBox *m_mode;                    // Owned.
    QLineEdit *m_text;                    // Owned.
    QCheckBox *m_case;                    // Owned.
    QLabel *m_problem;                    // Owned.
    QLineEdit *m_prefix;                  // Owned.
    QPushButton *m_search;                // Owned.
    QPushButton *m_cancel;                // Owned.
    QWidget *m_actions;                   // Owned.
    QPushButton *m_delete;                // Owned.
    QPushButton *m_expire;                // Owned.
    QPushButton *m_persist;               // Owned.
    QPushButton *m_export;                // Owned.
    QPushButton *m_checks;                // Owned.
    QLabel *m_actionSummary;              // Owned.
    QTreeView *m_results;                 // Owned.
    SearchRunWidgets m_run;               // the widgets above that run a search, and its status
    QPointer<ValueResultAction> m_action; // the action running, if any
    std::function<bool(const QString &)> m_confirm;
    std::function<void(std::int64_t)> m_actionBatchHook;
    QString m_auditDatabase;
    quint64 m_searchGeneration = 0; // the results an action's outcome applies to
    bool m_writable = false;
};

} // namespace kvs::ui
