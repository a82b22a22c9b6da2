#include "rawsql/postgres_read_only_check.h"

#include "rawsql/function_denylist.h"
#include "rawsql/postgres_lexer.h"

#include <kvs/errors.h>

#include <string>

namespace kvs::rawsql {
namespace {

[[noreturn]] void refuse(const std::string &why)
{
    throw Error("kvs: the console is read-only: " + why);
}

std::string upper(std::string word)
{
    for (char &c : word) {
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    }
    return word;
}

// Words (quoted or not) that name a denied function.
void refuseDeniedNames(const std::vector<PostgresToken> &tokens)
{
    for (const PostgresToken &token : tokens) {
        if (token.kind != PostgresToken::Kind::Word
            && token.kind != PostgresToken::Kind::QuotedWord)
            continue;
        if (!deniedBy(deniedPostgresFunctions(), token.text).empty())
            refuse(token.text + "() has effects beyond the statement");
    }
}

// The first word, after the parentheses a statement may start with.
const PostgresToken *leadingWord(const std::vector<PostgresToken> &tokens)
{
    for (const PostgresToken &token : tokens) {
        if (token.isSymbol('('))
            continue;
        return token.kind == PostgresToken::Kind::Word ? &token : nullptr;
    }
    return nullptr;
}

void check(const std::vector<PostgresToken> &tokens)
{
    const PostgresToken *first = leadingWord(tokens);
    static const char *const kAccepted[] = {"select", "values", "table", "with", "explain"};
    bool accepted = false;
    for (const char *word : kAccepted)
        accepted = accepted || (first && first->text == word);
    if (!accepted) {
        refuse("it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only"
               + (first ? ", not " + upper(first->text) : std::string()));
    }
    for (const PostgresToken &token : tokens) {
        for (const char *word : {"insert", "update", "delete", "merge", "into"}) {
            if (token.isWord(word))
                refuse("it does not run " + upper(token.text)
                       + (token.text == "into" ? " (SELECT INTO creates a table)" : ""));
        }
        if (first->text == "explain" && (token.isWord("analyze") || token.isWord("analyse")))
            refuse("EXPLAIN ANALYZE runs the statement");
    }
    refuseDeniedNames(tokens);
}

} // namespace

void checkReadOnlyPostgresStatement(std::string_view text)
{
    if (text.find('\0') != std::string_view::npos)
        refuse("the statement holds a NUL character");
    // The server reads plain strings one way or the other by standard_conforming_strings; a
    // text must pass both readings, so no setting can hide a word inside a "string".
    check(lexPostgres(text, true));
    check(lexPostgres(text, false));
}

bool isExplainStatement(std::string_view text)
{
    const std::vector<PostgresToken> tokens = lexPostgres(text, true);
    const PostgresToken *first = leadingWord(tokens);
    return first && first->text == "explain";
}

void checkReadOnlyPostgresPlan(std::string_view planText)
{
    // The server writes its plan's constants so that this reading is right whatever its
    // standard_conforming_strings (ruleutils.c doubles backslashes when it is off).
    refuseDeniedNames(lexPostgres(planText, true));
}

} // namespace kvs::rawsql
