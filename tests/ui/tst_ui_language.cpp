// The language setting (issue #16): stored with the settings file readable by its owner only,
// the German translation is compiled in and complete enough to change the window's visible text,
// and dates and numbers follow the language through QLocale, counts in the texts too.
#include "common/value_column_text.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "i18n/language_menu.h"
#include "i18n/ui_language.h"
#include "inspector/expiry_choice.h"
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs::ui;

namespace {

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

class NoPrompt : public PasswordPrompt
{
public:
    void ask(const PasswordRequest &, QObject *, Callback) override {}
};

} // namespace

class TestUiLanguage : public QObject
{
    Q_OBJECT

private slots:
    void init() { applyUiLanguage(QStringLiteral("en")); }
    void cleanupTestCase() { applyUiLanguage(QStringLiteral("en")); }

    void choiceIsStoredReadableByItsOwnerOnly()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("kvs-admin.conf")), QSettings::IniFormat);
        QCOMPARE(storedUiLanguage(&settings), QString());
        storeUiLanguage(QStringLiteral("de"), &settings);
        QCOMPARE(storedUiLanguage(&settings), QStringLiteral("de"));
        QCOMPARE(
            QFile::permissions(settings.fileName())
                & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
            QFile::Permissions());
        storeUiLanguage(QStringLiteral("xx"), &settings); // not a language we have
        QCOMPARE(storedUiLanguage(&settings), QString());
    }

    void switchingToGermanChangesTheWindowsText()
    {
        MemorySecretStore secrets;
        NoPrompt prompt;
        {
            MainWindow english(nullptr, &secrets, &prompt);
            QVERIFY(menuTitles(english).contains(QStringLiteral("&File")));
        }
        QCOMPARE(applyUiLanguage(QStringLiteral("de")), QStringLiteral("de"));
        MainWindow german(nullptr, &secrets, &prompt);
        const QStringList titles = menuTitles(german);
        QVERIFY2(titles.contains(QStringLiteral("&Datei")), qPrintable(titles.join(u' ')));
        QVERIFY(titles.contains(QStringLiteral("&Einstellungen")));
        QCOMPARE(german.windowTitle(), QStringLiteral("KVS Admin"));

        // Numbers and dates follow the language.
        QCOMPARE(QLocale().toString(1234567), QStringLiteral("1.234.567"));
        QCOMPARE(QLocale().toString(QDate(2026, 12, 4), QLocale::LongFormat),
                 QStringLiteral("Freitag, 4. Dezember 2026"));
        // Plural forms come from the translation.
        QCOMPARE(QCoreApplication::translate("kvs::ui::ExpiryChoice", "%Ln d %1", nullptr, 2),
                 QStringLiteral("2 T. %1"));
        // Counts in the texts are grouped like the numbers beside them (%Ln, not %n): the key
        // tree's size column and the inspector's expiry.
        QCOMPARE(valueSizeText(1000), QStringLiteral("1.000 Bytes"));
        QCOMPARE(formatRemaining(std::int64_t(1000) * 86400 * 1000 + 3723 * 1000),
                 QStringLiteral("1.000 T. 01:02:03"));

        QCOMPARE(applyUiLanguage(QStringLiteral("en")), QStringLiteral("en"));
        MainWindow back(nullptr, &secrets, &prompt);
        QVERIFY(menuTitles(back).contains(QStringLiteral("&File")));
    }

    // English says "1 entry": its translation holds the plural forms of the sources' "%Ln".
    void englishHasItsSingularForms()
    {
        QCOMPARE(applyUiLanguage(QStringLiteral("en")), QStringLiteral("en"));
        // The key tree's size column and its bulk actions' summaries.
        QCOMPARE(valueSizeText(1), QStringLiteral("1 byte"));
        QCOMPARE(valueSizeText(2), QStringLiteral("2 bytes"));
        QCOMPARE(valueSizeText(1000), QStringLiteral("1,000 bytes")); // grouped, as English does
        const char *context = "kvs::ui::SubtreeBulkAction";
        QCOMPARE(QCoreApplication::translate(context, "Deleted %Ln entries.", nullptr, 1),
                 QStringLiteral("Deleted 1 entry."));
        QCOMPARE(QCoreApplication::translate(context, "Deleted %Ln entries.", nullptr, 2),
                 QStringLiteral("Deleted 2 entries."));
        QCOMPARE(QCoreApplication::translate(context, "Deleted %Ln entries.", nullptr, 0),
                 QStringLiteral("Deleted 0 entries."));
        QCOMPARE(
            QCoreApplication::translate("kvs::ui::SweepJob", "Retried %Ln message(s).", nullptr, 1),
            QStringLiteral("Retried 1 message."));
        // Text without a number is the source's.
        QCOMPARE(QCoreApplication::translate(context, "Delete subtree"),
                 QStringLiteral("Delete subtree"));
    }

    void languageMenuStoresTheChoice()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("kvs-admin.conf")), QSettings::IniFormat);
        QWidget parent;
        LanguageMenu menu(&parent, &settings);
        QAction *deutsch = nullptr;
        for (QAction *action : menu.actions()) {
            if (action->text() == QStringLiteral("Deutsch"))
                deutsch = action;
        }
        QVERIFY(deutsch);
        deutsch->trigger();
        QCOMPARE(storedUiLanguage(&settings), QStringLiteral("de"));
        QVERIFY(deutsch->isChecked());
        // The note about the restart is not modal: nothing waits on it.
        QTRY_VERIFY(parent.findChild<QWidget *>(QStringLiteral("languageRestartNote")));
    }
};

QTEST_MAIN(TestUiLanguage)
#include "tst_ui_language.moc"
