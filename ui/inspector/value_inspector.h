#pragma once

#include "inspector/expiry_choice.h"
#include "inspector/inspected_entry.h"
#include "inspector/inspector_controller.h"

#include <kvs/clock.h>
#include <kvs/key.h>

#include <QWidget>

#include <memory>
#include <optional>
#include <string>

class QLabel;
class QStackedWidget;

namespace kvs {
class AsyncKVStore;
}

namespace kvs::ui {

class ConflictView;
class InspectorActions;
class MessageBanner;
class EntryHeader;
class ValueEditPanel;
class ValueView;

// The right pane of the main window: the selected key's value and facts, and, when the database
// is open for writing, its editor. Shows the value pretty-printed and coloured (a bounded first
// part of a large one), the raw bytes in a paged hex view, the key as a literal and in hex, the
// size, the version and the expiry with a live countdown. Its tool bars (InspectorActions) copy
// the key or value as a literal and the key's list cursor, and save the value to a file. With
// writes allowed: edit and save
// (checked against the loaded version; a conflict view when someone else wrote first), delete
// (after asking), increment, set or clear the TTL, create a key under a prefix. Every read and
// write goes through InspectorController; nothing here blocks on the store or decodes a value.
// Errors are shown in place in the pane. Thread rule: GUI thread only.
class ValueInspector : public QWidget
{
    Q_OBJECT

public:
    explicit ValueInspector(QWidget *parent = nullptr);
    ~ValueInspector() override;

    // The store shown (null: nothing open); writable: the user switched the database to writes
    // (a store opened read-only is never written, whatever writable says). Clears the pane.
    void setStore(std::shared_ptr<kvs::AsyncKVStore> store, bool writable);
    void setWritable(bool writable);
    // The time the expiry countdown and a save's expiry are reckoned in (the store's clock;
    // default the system's).
    void setClock(std::shared_ptr<Clock> clock);
    bool isWritable() const { return m_writable; }
    // Loads the row at encodedKey off the GUI thread and shows it; a newer call supersedes this
    // one. Emits loaded() once it is shown. Drops an edit in progress.
    // prefixOnly: the tree shows keys below it (said instead of "deleted" when it holds no
    // value).
    void showKey(const std::string &encodedKey, bool prefixOnly = false);
    void clear();

    // An edit is open and differs from the value it started from.
    bool hasUnsavedEdit() const;
    // Before the pane shows something else (another key, a refresh): true when it may. With an
    // unsaved edit it asks Save / Discard / Cancel: Discard drops the edit (true); Cancel keeps it
    // (false); Save starts the save and answers false, and editSaved() follows once it committed
    // (a conflict shows the conflict view instead).
    bool confirmLeave();
    // confirmLeave() answered Save: the save is in flight, and editSaved() follows if it commits.
    bool savesBeforeLeaving() const { return m_leaveAfterSave; }

    // The encoded key last asked for with showKey() (empty when cleared).
    const std::string &shownKey() const { return m_selectedKey; }
    // The entry shown, if any.
    const std::optional<InspectedEntry> &entry() const { return m_entry; }

    // The tool bars, and the copy and save actions on the entry shown.
    InspectorActions *actions() const { return m_actions; }

    // Actions, also on the pane's tool bar. Writes only when writable and the key decodes.
    void startEditing();
    void saveEdit();
    void cancelEditing();
    // Asks first. A row whose key does not decode is deleted by its key bytes.
    void deleteKey();
    // Whether the entry shown (loaded, not loading) is the row at encodedKey.
    bool shows(const std::string &encodedKey) const;
    void incrementBy(qint64 delta);
    void setExpiry(const ExpiryChoice &choice);
    // Opens the new key dialog with prefix filled in; creates the key when accepted.
    void createKeyUnder(const kvs::Key &prefix);

    // Parts, for tests.
    ConflictView *conflictView() const { return m_conflict; }
    ValueEditPanel *editPanel() const { return m_editPanel; }
    ValueView *valueView() const { return m_view; }
    // The in-place error message, empty when none is shown.
    QString errorText() const;

    // Another writer changed encodedKey at atMs (ms since the epoch): version is its new
    // version, nullopt when it went. When that is the key shown and not the entry shown, a
    // banner says so and offers Reload (a reload, or a newer entry shown, hides it).
    void noteChangedElsewhere(const std::string &encodedKey,
                              std::optional<std::int64_t> version,
                              qint64 atMs);
    // The banner's text, empty when hidden.
    QString changedElsewhereText() const;

signals:
    void keyWritten(const std::string &encodedKey); // set/increment/ttl/new key
    void keyDeleted(const std::string &encodedKey); // here, or found deleted by another writer
    void loaded();                                  // the selected key is fully shown
    // The save that confirmLeave() started committed: the pane may move on.
    void editSaved();

private:
    enum Page { EmptyPage, LoadingPage, ViewPage, EditPage, ConflictPage };

    void showEntry(const InspectedEntry &entry);
    void showPage(Page page);
    void updateActions();
    void showError(const QString &message, const QString &detail = {});
    void hideError();
    void onWritten(InspectorController::Operation operation, const std::string &encodedKey);
    void onConflict(InspectorController::Operation operation, const InspectedEntry &current);
    void onFailed(InspectorController::Operation operation,
                  const QString &message,
                  const QString &detail);

    InspectorController *m_controller; // Owned (child).
    InspectorActions *m_actions;       // Owned (child).
    std::shared_ptr<kvs::AsyncKVStore> m_store;
    bool m_writable = false;
    std::string m_selectedKey;
    std::optional<InspectedEntry> m_entry;
    // The save in flight or refused: the value and expiry the user asked for.
    std::optional<Value> m_pendingValue;
    QString m_pendingText;
    ExpiryChoice m_pendingExpiry;
    std::optional<InspectedEntry> m_conflictCurrent;
    bool m_selectedIsPrefix = false; // the tree shows keys below the selected key
    bool m_leaveAfterSave = false;   // confirmLeave() started the save in flight

    QLabel *m_readOnlyHint;            // Owned (child).
    QLabel *m_error;                   // Owned (child).
    MessageBanner *m_changedElsewhere; // Owned (child).
    // The version another writer left (nullopt: deleted), while m_changedElsewhere shows.
    std::optional<std::optional<std::int64_t>> m_changedTo;
    EntryHeader *m_header;       // Owned (child).
    QStackedWidget *m_stack;     // Owned (child).
    ValueView *m_view;           // Owned (child of m_stack).
    ValueEditPanel *m_editPanel; // Owned (child of m_stack).
    ConflictView *m_conflict;    // Owned (child of m_stack).
};

} // namespace kvs::ui
