// The UI's palette under light, dark and in-between desktop themes: every text colour keeps a
// WCAG contrast of 4.5 on the window and base colours, banners on their own tint, white on the
// fills; and the value view, built under a theme, colours its literal with that theme's
// colours (rendered to PNG when KVS_SCREENSHOT_DIR is set).
#include "inspector/inspected_entry.h"
#include "inspector/value_view.h"
#include "theme/contrast.h"
#include "theme/ui_palette.h"

#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QApplication>
#include <QDir>
#include <QPlainTextEdit>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using kvs::ui::UiPalette;
namespace contrast = kvs::ui::contrast;

namespace {

constexpr double kMinimumContrast = 4.5;

const UiPalette::Role kRoles[] = {
    UiPalette::Role::Error,
    UiPalette::Role::Warning,
    UiPalette::Role::Success,
    UiPalette::Role::Muted,
    UiPalette::Role::SyntaxString,
    UiPalette::Role::SyntaxMemberName,
    UiPalette::Role::SyntaxNumber,
    UiPalette::Role::SyntaxBigInt,
    UiPalette::Role::SyntaxKeyword,
    UiPalette::Role::SyntaxConstructor,
};

const UiPalette::Tone kTones[] = {
    UiPalette::Tone::Info,
    UiPalette::Tone::Warning,
    UiPalette::Tone::Error,
};

QPalette themePalette(const QColor &window, const QColor &base, const QColor &text)
{
    QPalette palette(text, window);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::WindowText, text);
    return palette;
}

QPalette fusionLight()
{
    return QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette();
}

// A dark desktop theme the way Fusion-based dark themes set one up.
QPalette fusionDark()
{
    QPalette palette = themePalette(QColor(0x35, 0x35, 0x35), QColor(0x2a, 0x2a, 0x2a), Qt::white);
    palette.setColor(QPalette::AlternateBase, QColor(0x42, 0x42, 0x42));
    palette.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    palette.setColor(QPalette::ButtonText, Qt::white);
    palette.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    return palette;
}

QString describe(const QColor &a, const QColor &b)
{
    return QStringLiteral("%1 on %2: %3")
        .arg(a.name(), b.name())
        .arg(contrast::ratio(a, b), 0, 'f', 2);
}

} // namespace

class TestThemePalette : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void contrastFollowsWcag();
    void textStaysReadable_data();
    void textStaysReadable();
    void whiteReadsOnEveryFill();
    void valueViewColoursWithItsTheme_data();
    void valueViewColoursWithItsTheme();
};

void TestThemePalette::initTestCase()
{
    QApplication::setStyle(QStringLiteral("Fusion"));
}

void TestThemePalette::contrastFollowsWcag()
{
    QCOMPARE(contrast::ratio(Qt::black, Qt::white), 21.0);
    QCOMPARE(contrast::ratio(Qt::white, Qt::white), 1.0);
    // WCAG's own example figures: #777777 on white is just under AA, #767676 just over.
    QVERIFY(contrast::ratio(QColor(0x77, 0x77, 0x77), Qt::white) < kMinimumContrast);
    QVERIFY(contrast::ratio(QColor(0x76, 0x76, 0x76), Qt::white) >= kMinimumContrast);
    const QColor pale(0xff, 0xc0, 0xc0);
    QVERIFY(contrast::ratio(contrast::readableOn(pale, Qt::white, 4.5), Qt::white) >= 4.5);
    QVERIFY(contrast::ratio(contrast::readableOn(Qt::darkRed, Qt::black, 4.5), Qt::black) >= 4.5);
}

void TestThemePalette::textStaysReadable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("Fusion light") << fusionLight() << false;
    QTest::newRow("Fusion dark") << fusionDark() << true;
    QTest::newRow("black") << themePalette(Qt::black, Qt::black, QColor(0xdd, 0xdd, 0xdd)) << true;
    QTest::newRow("mid grey") << themePalette(
        QColor(0x80, 0x80, 0x80), QColor(0x90, 0x90, 0x90), Qt::black)
                              << false;
    QTest::newRow("warm light") << themePalette(
        QColor(0xfd, 0xf6, 0xe3), QColor(0xee, 0xe8, 0xd5), QColor(0x58, 0x6e, 0x75))
                                << false;
}

void TestThemePalette::textStaysReadable()
{
    QFETCH(QPalette, palette);
    QFETCH(bool, dark);
    const UiPalette colours(palette);
    QCOMPARE(colours.isDark(), dark);
    const QColor window = palette.color(QPalette::Window);
    const QColor base = palette.color(QPalette::Base);
    for (const UiPalette::Role role : kRoles) {
        const QColor text = colours.color(role);
        QVERIFY2(contrast::ratio(text, base) >= kMinimumContrast, qPrintable(describe(text, base)));
        QVERIFY2(contrast::ratio(text, window) >= kMinimumContrast,
                 qPrintable(describe(text, window)));
    }
    for (const UiPalette::Tone tone : kTones) {
        const QColor background = colours.bannerBackground(tone);
        const QColor text = colours.bannerText(tone);
        QVERIFY2(contrast::ratio(text, background) >= kMinimumContrast,
                 qPrintable(describe(text, background)));
        QVERIFY(background != window); // A banner stands out of its window.
        QVERIFY(colours.bannerStyle(tone).contains(background.name()));
    }
    QCOMPARE(colours.textStyle(UiPalette::Role::Error),
             QStringLiteral("color: %1;").arg(colours.color(UiPalette::Role::Error).name()));
}

void TestThemePalette::whiteReadsOnEveryFill()
{
    for (const UiPalette::Role role : kRoles) {
        const QColor fill = UiPalette::fill(role);
        QVERIFY2(contrast::ratio(UiPalette::fillText(), fill) >= kMinimumContrast,
                 qPrintable(describe(UiPalette::fillText(), fill)));
    }
}

void TestThemePalette::valueViewColoursWithItsTheme_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<QString>("name");
    QTest::newRow("light") << fusionLight() << QStringLiteral("light");
    QTest::newRow("dark") << fusionDark() << QStringLiteral("dark");
}

void TestThemePalette::valueViewColoursWithItsTheme()
{
    QFETCH(QPalette, palette);
    QFETCH(QString, name);
    const QPalette before = QApplication::palette();
    QApplication::setPalette(palette);

    const kvs::Value value = kvs::parseLiteral(
        R"({name: "Alice", age: 31, balance: 12n, since: new Date("2026-09-01T12:30:00Z"),)"
        R"( active: true, manager: null, roles: new Set(["admin", "editor"]),)"
        R"( avatar: new Uint8Array([137, 80, 78, 71]), prefs: new Map([["theme", "dark"]])})");
    kvs::RawEntry raw;
    raw.value = kvs::encodeValue(value);
    raw.version = 1;
    {
        kvs::ui::ValueView view;
        view.resize(560, 330);
        view.showEntry(kvs::ui::inspectEntry(kvs::encodeKey({"users", "alice"}), raw));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // Every coloured run of the literal reads on the editor's own background.
        const QColor base = view.literalView()->palette().color(QPalette::Base);
        int runs = 0;
        for (QTextBlock block = view.literalView()->document()->firstBlock(); block.isValid();
             block = block.next()) {
            for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
                const QColor colour = range.format.foreground().color();
                QVERIFY2(contrast::ratio(colour, base) >= kMinimumContrast,
                         qPrintable(describe(colour, base)));
                ++runs;
            }
        }
        QVERIFY(runs > 20);

        if (qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")) {
            const QString dir = qEnvironmentVariable("KVS_SCREENSHOT_DIR");
            QVERIFY(QDir().mkpath(dir));
            const QString path = dir + QStringLiteral("/value-view-%1.png").arg(name);
            QVERIFY(view.grab().save(path));
            qInfo("screenshot: %s", qPrintable(path));
        }
    }
    QApplication::setPalette(before);
}

QTEST_MAIN(TestThemePalette)
#include "tst_theme_palette.moc"
