#pragma once

#include "connection/connection_spec.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace kvs::ui {

class PasswordCommandBox;
class SshOptionsBox;
class TlsOptionsBox;

// The PostgreSQL half of the connection dialog: a URL field kept in step with host, port,
// database and user fields, the password (in memory only), "Remember password in the system
// keychain", the schema, the TLS settings (TlsOptionsBox, kept in the URL) and the SSH tunnel
// (SshOptionsBox). A password
// pasted inside the URL is moved to the password field when the URL field is left. Thread rule:
// GUI thread only.
class PostgresConnectionPage : public QWidget
{
    Q_OBJECT

public:
    explicit PostgresConnectionPage(QWidget *parent = nullptr);

    // The form as a spec without password or table prefix; an invalid spec when the URL does
    // not parse (problem() says why).
    ConnectionSpec spec() const;
    // Why the URL does not parse (translated); "" when it does.
    QString problem() const;
    // The password field, or else a password still inside the URL field.
    QString password() const;
    // Fills the form from spec; clears the password.
    void setSpec(const ConnectionSpec &spec);
    // Disables "Remember password" and shows reason as a one-line note.
    void setKeychainUnavailable(const QString &note);

signals:
    void changed();

private:
    void urlEdited();
    void takePasswordFromUrl();
    // The password field's state for the password command (none to type with one).
    void updateRemember();
    void partsEdited();
    void updateTlsWarning();
    void tlsEdited();
    void showParts(const ConnectionSpec &spec);

    QLineEdit *m_url;         // Owned (child).
    QLineEdit *m_host;        // Owned (child).
    QLineEdit *m_port;        // Owned (child).
    QLineEdit *m_database;    // Owned (child).
    QLineEdit *m_user;        // Owned (child).
    QLineEdit *m_password;    // Owned (child).
    QCheckBox *m_remember;    // Owned (child).
    QLabel *m_keychainNote;   // Owned (child).
    QLineEdit *m_schema;      // Owned (child).
    QSpinBox *m_callTimeout;  // Owned (child): seconds, 0 = no limit.
    QLabel *m_tlsWarning;     // Owned (child): shown when the password would go out unencrypted.
    TlsOptionsBox *m_tls;     // Owned (child): sslmode and the certificate files, in the URL.
    QLabel *m_unverifiedHost; // Owned (child): a remote host without verify-full.
    SshOptionsBox *m_ssh;     // Owned (child): the SSH tunnel, saved with the spec.
    PasswordCommandBox *m_passwordCommand; // Owned (child): the "Password command" tab.
    bool m_syncing = false;                // partsEdited() is writing the URL.
};

} // namespace kvs::ui
