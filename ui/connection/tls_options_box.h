#pragma once

#include <QGroupBox>
#include <QString>

class QComboBox;
class QLineEdit;

namespace kvs::ui {

// The TLS part of the PostgreSQL connection form: libpq's sslmode (disable ... verify-full) and
// its files, sslrootcert (the CA that signed the server's certificate), sslcert and sslkey (a
// client certificate login), each with a file picker. It holds no state of its own: the URL does
// (so a saved connection, the recent list and `kvs --db` get the same); showUrl() fills the fields
// from a URL, appliedTo() writes them into one. Never a key's passphrase. Thread rule: GUI thread
// only.
class TlsOptionsBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit TlsOptionsBox(QWidget *parent = nullptr);

    // Fills the fields from the query of url (a postgres:// URL); empty fields for what it
    // does not set.
    void showUrl(const QString &url);
    // url (a postgres:// URL) with sslmode, sslrootcert, sslcert and sslkey as the fields say:
    // set, replaced, or removed when a field is empty; every other part as it was.
    QString appliedTo(const QString &url) const;

signals:
    // The user changed a field (not showUrl()).
    void edited();

private:
    QLineEdit *addFileRow(const QString &label, const QString &objectName, const QString &filter);
    void browse(QLineEdit *field, const QString &title, const QString &filter);

    QComboBox *m_sslMode;    // Owned (child): data is the sslmode word, "" for libpq's default.
    QLineEdit *m_rootCert;   // Owned (child).
    QLineEdit *m_clientCert; // Owned (child).
    QLineEdit *m_clientKey;  // Owned (child).
    int m_knownModes = 0;    // libpq's words; an item past them shows a word of the URL's.
    bool m_showing = false;  // showUrl() is writing the fields.
};

} // namespace kvs::ui
