#pragma once

#include "search/search_controller.h"

#include <kvs/key.h>

#include <QLineEdit>
#include <QPushButton>

class QAbstractItemModel;
class QLabel;
class QProgressBar;
class QTreeView;
class QVBoxLayout;
class QHBoxLayout;

namespace kvs::ui {

class MessageBanner;

// The widgets of a search pane that start, stop and show a search, and what they do alike in
// the key search and the value search: the text and prefix fields, Search and Cancel, the busy
// bar and status line, the error banner, the note that the results stopped at the cap, and the
// results view. The pane keeps its own fields, status texts and results' columns; its texts
// come translated from the pane (its tr() context). Thread rule: GUI thread only.
class SearchRunWidgets
{
public:
    // Creates the busy bar, the status line, the cap note and the banner in pane (none takes the
    // focus: the pane's own widgets keep their tab order); the others are the pane's.
    SearchRunWidgets(QWidget *pane,
                     SearchController *controller,
                     QLineEdit *text,
                     QLineEdit *prefix,
                     QPushButton *search,
                     QPushButton *cancel,
                     QTreeView *results);

    // Sets them up (Search the default button, the busy bar and cap note hidden, results a
    // flat list of model's rows) and connects Search, Enter in either field and Cancel.
    template <typename Pane>
    void setUp(Pane *pane, QAbstractItemModel *model) const
    {
        setUpWidgets(model);
        QObject::connect(m_search, &QPushButton::clicked, pane, &Pane::startSearch);
        QObject::connect(m_text, &QLineEdit::returnPressed, pane, &Pane::startSearch);
        QObject::connect(m_prefix, &QLineEdit::returnPressed, pane, &Pane::startSearch);
        QObject::connect(m_cancel, &QPushButton::clicked, m_controller, &SearchController::cancel);
    }
    // The prefix field, Search and Cancel in a row (the form's "Under:" row).
    QHBoxLayout *prefixRow() const;
    // Adds the banner, the busy bar with the status line, and the cap note below each other.
    void addStatus(QVBoxLayout *layout) const;

    // Puts prefix into the prefix field ("" for the empty key: the whole database).
    void setPrefix(const Key &key) const;
    // Focuses the text field, its text selected.
    void focusText() const;
    // startSearch()'s step before it starts the controller: hides the last search's error and
    // cap note, reads the prefix field into key (empty: the whole database). False, shown in
    // the banner as notALiteral (%1: why), when it is not a key literal.
    bool readPrefix(Key &key, const QString &notALiteral) const;
    // The controller refused to start: shows its errorText().
    void showRefusal() const;
    // The search ended: shows statusText, the read error as stopped (%1: the error) and, when
    // capped, capText.
    void showEnd(const QString &statusText,
                 bool capped,
                 const QString &capText,
                 const QString &stopped) const;
    // Search (when canStart and there is a store), Cancel and the busy bar for whether the
    // controller runs.
    void showRunning(bool canStart) const;

    // The status line (the pane names it and shows a search's progress there).
    QLabel *status() const { return m_status; }
    QLabel *capNote() const { return m_capNote; }

    // The error shown, or empty.
    QString errorText() const;
    QString statusText() const;
    // The note that the results stopped at the cap, or empty.
    QString capNoteText() const;

private:
    void setUpWidgets(QAbstractItemModel *model) const;

    SearchController *m_controller;
    QLineEdit *m_text;
    QLineEdit *m_prefix;
    QPushButton *m_search;
    QPushButton *m_cancel;
    QTreeView *m_results;
    QProgressBar *m_busy;    // Owned by the pane.
    QLabel *m_status;        // Owned by the pane.
    QLabel *m_capNote;       // Owned by the pane.
    MessageBanner *m_banner; // Owned by the pane.
};

} // namespace kvs::ui
