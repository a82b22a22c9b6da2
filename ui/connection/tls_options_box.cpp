#include "connection/tls_options_box.h"

#include "common/file_chooser.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QUrl>
#include <QUrlQuery>

#include <utility>

namespace kvs::ui {

namespace {

const QString kSslMode = QStringLiteral("sslmode");
const QString kRootCert = QStringLiteral("sslrootcert");
const QString kClientCert = QStringLiteral("sslcert");
const QString kClientKey = QStringLiteral("sslkey");

} // namespace

TlsOptionsBox::TlsOptionsBox(QWidget *parent)
    : QGroupBox(tr("TLS"), parent)
    , m_sslMode(new QComboBox(this))
{
    setObjectName(QStringLiteral("tlsOptionsBox"));
    m_sslMode->setObjectName(QStringLiteral("sslModeCombo"));
    // libpq's words, in order of what they check; "" leaves it to PGSSLMODE or libpq (prefer).
    const std::pair<QString, QString> modes[] = {
        {QString(), tr("Default (prefer, or PGSSLMODE)")},
        {QStringLiteral("disable"), tr("disable: never encrypted")},
        {QStringLiteral("allow"), tr("allow: encrypted if the server insists")},
        {QStringLiteral("prefer"), tr("prefer: encrypted if the server can")},
        {QStringLiteral("require"), tr("require: encrypted, server not checked")},
        {QStringLiteral("verify-ca"), tr("verify-ca: encrypted, certificate checked")},
        {QStringLiteral("verify-full"), tr("verify-full: encrypted, certificate and host checked")},
    };
    for (const auto &[word, text] : modes)
        m_sslMode->addItem(text, word);
    m_knownModes = m_sslMode->count();
    m_sslMode->setToolTip(tr("libpq's sslmode: verify-full is the only one that makes sure the "
                             "server is the one you named"));

    auto *form = new QFormLayout(this);
    form->addRow(tr("SSL &mode:"), m_sslMode);
    const QString certificates = tr("Certificates (*.crt *.pem *.cer);;All files (*)");
    m_rootCert = addFileRow(tr("Root c&ertificate:"), QStringLiteral("sslRootCert"), certificates);
    m_rootCert->setPlaceholderText(tr("~/.postgresql/root.crt if empty"));
    m_clientCert = addFileRow(tr("C&lient certificate:"), QStringLiteral("sslCert"), certificates);
    m_clientCert->setPlaceholderText(tr("None: log in without a certificate"));
    m_clientKey = addFileRow(
        tr("Client &key:"), QStringLiteral("sslKey"), tr("Keys (*.key *.pem);;All files (*)"));
    m_clientKey->setPlaceholderText(tr("The client certificate's key (mode 0600, unencrypted)"));

    connect(m_sslMode, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_showing)
            emit edited();
    });
    for (QLineEdit *field : {m_rootCert, m_clientCert, m_clientKey})
        connect(field, &QLineEdit::textEdited, this, &TlsOptionsBox::edited);
}

QLineEdit *
TlsOptionsBox::addFileRow(const QString &label, const QString &objectName, const QString &filter)
{
    auto *field = new QLineEdit(this);
    field->setObjectName(objectName + QStringLiteral("Edit"));
    field->setClearButtonEnabled(true);
    auto *pick = new QToolButton(this);
    pick->setObjectName(objectName + QStringLiteral("Browse"));
    pick->setText(tr("Browse…"));
    auto *row = new QHBoxLayout;
    row->addWidget(field, 1);
    row->addWidget(pick);
    auto *rowLabel = new QLabel(label, this);
    rowLabel->setBuddy(field); // A row holding a layout gets no buddy by itself.
    static_cast<QFormLayout *>(layout())->addRow(rowLabel, row);
    const QString title = QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':'));
    connect(pick, &QToolButton::clicked, this, [this, field, title, filter] {
        browse(field, title, filter);
    });
    return field;
}

void TlsOptionsBox::browse(QLineEdit *field, const QString &title, const QString &filter)
{
    const QString chosen = FileChooser::getOpenFileName(this, title, field->text(), filter);
    if (chosen.isEmpty())
        return;
    field->setText(chosen);
    emit edited();
}

void TlsOptionsBox::showUrl(const QString &url)
{
    const QUrlQuery query{QUrl(url.trimmed(), QUrl::TolerantMode)};
    const auto value = [&query](const QString &name) {
        return query.queryItemValue(name, QUrl::FullyDecoded);
    };
    m_showing = true;
    const QString mode = value(kSslMode);
    // At most one word of libpq's not in the list (one being typed, or one libpq will refuse
    // when connecting): shown as given, so that nothing is lost.
    while (m_sslMode->count() > m_knownModes)
        m_sslMode->removeItem(m_knownModes);
    int index = m_sslMode->findData(mode);
    if (index < 0) {
        m_sslMode->addItem(mode, mode);
        index = m_knownModes;
    }
    m_sslMode->setCurrentIndex(index);
    m_rootCert->setText(value(kRootCert));
    m_clientCert->setText(value(kClientCert));
    m_clientKey->setText(value(kClientKey));
    m_showing = false;
}

QString TlsOptionsBox::appliedTo(const QString &text) const
{
    QUrl url(text.trimmed(), QUrl::TolerantMode);
    QUrlQuery query(url);
    const std::pair<QString, QString> fields[] = {
        {kSslMode, m_sslMode->currentData().toString()},
        {kRootCert, m_rootCert->text().trimmed()},
        {kClientCert, m_clientCert->text().trimmed()},
        {kClientKey, m_clientKey->text().trimmed()},
    };
    for (const auto &[name, value] : fields) {
        query.removeAllQueryItems(name);
        if (!value.isEmpty())
            query.addQueryItem(name, QString::fromUtf8(QUrl::toPercentEncoding(value, "/")));
    }
    url.setQuery(query);
    QString result = url.toString(QUrl::FullyEncoded);
    // QUrl drops an empty authority ("postgres:?sslmode=..."); libpq needs it ("postgres://").
    if (!result.contains(QLatin1String("://")))
        result.insert(result.indexOf(QLatin1Char(':')) + 1, QLatin1String("//"));
    return result;
}

} // namespace kvs::ui
