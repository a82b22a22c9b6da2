#pragma once

#include "search/search_run_widgets.h"

#include <kvs/async_kvstore.h>

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QPushButton;
class QTreeView;

namespace kvs::ui {

class KeySearchController;

// The Search view of a database tab: a text (or regular expression), case and a prefix (a key
// literal; empty: the whole database), Search and Cancel, the count of keys scanned while it
// runs, and the keys found as they arrive. Double-click (or Enter) on a key asks to open it.
// Thread rule: GUI thread only.
class KeySearchPane : public QWidget
{
    Q_OBJECT

public:
    explicit KeySearchPane(QWidget *parent = nullptr);

    void setStore(std::shared_ptr<AsyncKVStore> store);
    // Puts prefix into the prefix field ("" for the empty key: the whole database).
    void setPrefix(const Key &prefix) { m_run.setPrefix(prefix); }
    // Focuses the text field, its text selected.
    void focusText() { m_run.focusText(); }
    // Starts the search the fields describe (what the Search button does).
    void startSearch();

    KeySearchController *controller() const { return m_controller; }
    QLineEdit *textEdit() const { return m_text; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QCheckBox *regularExpressionBox() const { return m_regex; }
    QCheckBox *caseSensitiveBox() const { return m_case; }
    QPushButton *searchButton() const { return m_search; }
    QPushButton *cancelButton() const { return m_cancel; }
    QTreeView *resultsView() const { return m_results; }
    // The error shown (bad regular expression or prefix, a failed read), or empty.
    QString errorText() const { return m_run.errorText(); }
    // "12,000 keys scanned, 3 found" and how the search ended.
    QString statusText() const { return m_run.statusText(); }
    // The note that the results stopped at the cap, or empty.
    QString capNote() const { return m_run.capNoteText(); }

signals:
    // The user asked to open key (double-click or Enter on a result).
    void keyActivated(const kvs::Key &key);

private:
    void onProgress(long long scanned, long long found);
    void onFinished(bool cancelled, bool capped);
    void updateButtons();

    KeySearchController *m_controller; // Owned (child).
    QLineEdit *m_text;                 // Owned.
    QLineEdit *m_prefix;               // Owned.
    QCheckBox *m_regex;                // Owned.
    QCheckBox *m_case;                 // Owned.
    QPushButton *m_search;             // Owned.
    QPushButton *m_cancel;             // Owned.
    QTreeView *m_results;              // Owned.
    SearchRunWidgets m_run;            // the widgets above that run a search, and its status
};

} // namespace kvs::ui
