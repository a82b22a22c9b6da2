// markDifference: the part of an old and a new value that differs, and how long texts are cut
// around it.
#include "watch/text_diff.h"

#include <QTest>

using kvs::ui::excerpt;
using kvs::ui::markDifference;
using kvs::ui::MarkedText;

namespace {

QString markedPart(const MarkedText &text)
{
    return text.text.mid(text.markStart, text.markLength);
}

} // namespace

class TestTextDiff : public QObject
{
    Q_OBJECT

private slots:
    void marksTheDifferingMiddle_data();
    void marksTheDifferingMiddle();
    void cutsLongTextsAroundTheMark();
    void keepsTextsOnOneLine();
};

void TestTextDiff::marksTheDifferingMiddle_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("oldPart");
    QTest::addColumn<QString>("newPart");
    QTest::newRow("middle") << "{\"n\": 2, \"a\": 1}"
                            << "{\"n\": 37, \"a\": 1}"
                            << "2"
                            << "37";
    QTest::newRow("appended") << "[1, 2]"
                              << "[1, 2, 3]"
                              << ""
                              << ", 3";
    QTest::newRow("same") << "\"x\""
                          << "\"x\""
                          << ""
                          << "";
    QTest::newRow("all") << "1"
                         << "\"one\""
                         << "1"
                         << "\"one\"";
    QTest::newRow("whole words") << "{\"s\": \"paid\"}"
                                 << "{\"s\": \"shipped\"}"
                                 << "paid"
                                 << "shipped";
    QTest::newRow("whole numbers") << "[1250, 7]"
                                   << "[1350, 7]"
                                   << "1250"
                                   << "1350";
    // The common end does not overlap the common beginning.
    QTest::newRow("repeat") << "[a, a]"
                            << "[a, a, a]"
                            << ""
                            << ", a";
    QTest::newRow("repeat in a word") << "aa"
                                      << "aaa"
                                      << "aa"
                                      << "aaa";
}

void TestTextDiff::marksTheDifferingMiddle()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    const auto [oldText, newText] = markDifference(before, after);
    QCOMPARE(oldText.text, before);
    QCOMPARE(newText.text, after);
    QTEST(markedPart(oldText), "oldPart");
    QTEST(markedPart(newText), "newPart");
}

void TestTextDiff::cutsLongTextsAroundTheMark()
{
    const QString head(500, QLatin1Char('a'));
    const QString tail(500, QLatin1Char('z'));
    const auto [oldText, newText] = markDifference(
        head + QStringLiteral(" OLD ") + tail, head + QStringLiteral(" NEW ") + tail, 60);
    QCOMPARE(oldText.text.size(), 60);
    QVERIFY(oldText.text.startsWith(QChar(0x2026)));
    QVERIFY(oldText.text.endsWith(QChar(0x2026)));
    QCOMPARE(markedPart(oldText), QStringLiteral("OLD"));
    QCOMPARE(markedPart(newText), QStringLiteral("NEW"));
    const MarkedText cut = excerpt(tail, 10);
    QCOMPARE(cut.text, QString(9, QLatin1Char('z')) + QChar(0x2026));
    QCOMPARE(cut.markLength, 0);
}

void TestTextDiff::keepsTextsOnOneLine()
{
    QCOMPARE(excerpt(QStringLiteral("a\nb\r\nc")).text, QStringLiteral("a b  c"));
}

QTEST_GUILESS_MAIN(TestTextDiff)
#include "tst_text_diff.moc"
