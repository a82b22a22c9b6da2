#pragma once

#include "connection/connection_spec.h"
#include "connection/connection_test_result.h"

#include <kvs/saved_connection.h>

#include <QDialog>

#include <functional>

class QDialogButtonBox;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QRadioButton;

namespace kvs::ui {

class ConnectionTester;
class ConnectionTestStatus;
class PostgresConnectionPage;
class RecentConnections;
class SavedConnectionsPanel;
class SecretStore;
class SqliteConnectionPage;

// Chooses a database to open: an SQLite file (open existing, create new) or a PostgreSQL server
// (URL, or host, port, database and user; password; "Remember password in the system
// keychain"; schema), the table prefix, from scratch or from the recent connections (a
// double-click fills the form). "Test connection" tests off the GUI thread (ConnectionTester)
// and shows in place which step failed; a second click supersedes the first. The result is
// spec() and password(); the password lives in memory only (the caller may hand it to the
// keychain through PasswordResolver when the user allowed it). Thread rule: GUI thread only.
class ConnectionDialog : public QDialog
{
    Q_OBJECT

public:
    // recent: the list to show (null: none). secrets: the keychain "Test connection" reads when
    // the password field is empty and remembering is ticked (null: none). Both Not owned; they
    // must outlive the dialog.
    explicit ConnectionDialog(RecentConnections *recent,
                              SecretStore *secrets = nullptr,
                              QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // The chosen connection (without password) and the password typed ("" if none).
    ConnectionSpec spec() const;
    QString password() const;
    // Fills the form from spec (the password field is cleared).
    void setSpec(const ConnectionSpec &spec);

    // What the "Test connection" button does: starts a test of the form, superseding a running
    // one; testFinished() follows unless another test comes first.
    void testConnection();
    bool isTesting() const;
    // The Connections list (saved connections) above the recent ones.
    SavedConnectionsPanel *savedConnections() const { return m_saved; }
    // How "Locate…" asks for a saved SQLite file that went missing (default: a file dialog);
    // returns the path chosen, "" when cancelled.
    void setLocateFile(std::function<QString(const QString &missingPath)> locate)
    {
        m_locate = std::move(locate);
    }
    // A double click in the Connections list: fills the form and accepts; a SQLite file that
    // is missing says so first, with "Locate…" (which updates the saved connection) and Cancel.
    void openSaved(const kvs::SavedConnection &connection);

    // The latest finished test's result.
    ConnectionTestResult lastTestResult() const { return m_lastResult; }
    // The result label's text (for tests and accessibility).
    QString testStatusText() const;

signals:
    void testFinished(const kvs::ui::ConnectionTestResult &result);

private:
    void buildRecentList();
    void fillFromRecent(QListWidgetItem *item);
    void removeRecent();
    void kindChanged();
    void alignFormLabels();
    void formChanged();
    void startTest(const ConnectionSpec &spec, const QString &password);
    void onTestFinished(const ConnectionTestResult &result);

    RecentConnections *m_recent;    // Not owned; may be null.
    SecretStore *m_secrets;         // Not owned; may be null.
    ConnectionTester *m_tester;     // Owned (child).
    QListWidget *m_recentList;      // Owned (child).
    SavedConnectionsPanel *m_saved; // Owned (child).
    std::function<QString(const QString &)> m_locate;
    QRadioButton *m_sqliteKind;         // Owned (child).
    QRadioButton *m_postgresKind;       // Owned (child).
    SqliteConnectionPage *m_sqlite;     // Owned (child).
    PostgresConnectionPage *m_postgres; // Owned (child).
    QLineEdit *m_tablePrefix;           // Owned (child).
    QPushButton *m_testButton;          // Owned (child).
    ConnectionTestStatus *m_status;     // Owned (child).
    QDialogButtonBox *m_buttons;        // Owned (child).
    quint64 m_testGeneration = 0;       // Of the latest testConnection() (keychain reads compare).
    ConnectionTestResult m_lastResult;
};

} // namespace kvs::ui
