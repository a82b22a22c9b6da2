#pragma once

#include "connection/connection_spec.h"

#include <kvs/saved_connection.h>

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSettings;
class QTreeWidget;
class QTreeWidgetItem;

namespace kvs::ui {

// The Connections list of the Open dialog: the saved connections (kvs::SavedConnections, the
// settings file of the recent connections), grouped by environment or by tag, with a filter
// (name, tags, where). A click fills the dialog's form (selected()), a double click opens
// (openRequested()). Save… saves the form as a new connection, Edit… renames or re-colours the
// selected one (its connection taken from the form), Duplicate copies it, Delete removes it
// after asking; the menu imports a JSON file of connections or libpq's service file and
// exports every connection (never a password). Thread rule: GUI thread only.
class SavedConnectionsPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Grouping { Environment, Tag };

    // settings: where the connections are kept (null: the application's QSettings). Not owned;
    // must outlive the panel.
    explicit SavedConnectionsPanel(QSettings *settings, QWidget *parent = nullptr);
    ~SavedConnectionsPanel() override;

    // What Save… and Edit… take as the connection: the Open dialog's form.
    void setFormSpec(std::function<ConnectionSpec()> formSpec) { m_formSpec = std::move(formSpec); }

    void setGrouping(Grouping grouping);
    void setFilter(const QString &text);
    QTreeWidget *tree() const { return m_tree; }
    // Reads the connections again and rebuilds the list (the selection kept by name).
    void reload();
    // The selected connection; nullopt when a group or nothing is selected.
    std::optional<SavedConnection> current() const;
    // Selects the connection named name (false when it is not listed).
    bool select(const QString &name);

    // The buttons' and the menu's actions.
    void saveForm();
    void editCurrent();
    void duplicateCurrent();
    void deleteCurrent();
    // Import and export without the file dialog; false (after saying why) when it failed.
    bool importJsonFile(const QString &path);
    bool importServiceFile(const QString &path);
    bool exportToFile(const QString &path);
    // The saved connection's file moved: its path becomes path.
    void relocate(const SavedConnection &connection, const QString &path);

signals:
    void selected(const kvs::SavedConnection &connection);
    void openRequested(const kvs::SavedConnection &connection);

private:
    QSettings &settings() const;
    void importConnections(const QList<SavedConnection> &connections);
    void onCurrentChanged(QTreeWidgetItem *item);
    void updateButtons();

    std::unique_ptr<QSettings> m_ownSettings; // When the caller gave none.
    QSettings *m_settings;                    // Not owned (or m_ownSettings).
    std::function<ConnectionSpec()> m_formSpec;
    Grouping m_grouping = Grouping::Environment;
    QString m_filter;
    QLineEdit *m_filterEdit;  // Owned (child).
    QComboBox *m_groupBox;    // Owned (child).
    QTreeWidget *m_tree;      // Owned (child).
    QPushButton *m_save;      // Owned (child).
    QPushButton *m_edit;      // Owned (child).
    QPushButton *m_duplicate; // Owned (child).
    QPushButton *m_delete;    // Owned (child).
    QPushButton *m_more;      // Owned (child).
};

} // namespace kvs::ui
