import AuthCore
import AuthCrypto
import Foundation
import Testing

@Suite struct SodiumTokenSourceTests {
  @Test func tokensAre43CharactersOfUnpaddedBase64url() throws {
    let source = try SodiumTokenSource()
    let token = source.makeToken().rawValue
    #expect(token.count == 43)
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    #expect(token.allSatisfy(alphabet.contains))
  }

  @Test func tokensDoNotRepeat() throws {
    let source = try SodiumTokenSource()
    let tokens = Set((1...1000).map { _ in source.makeToken() })
    #expect(tokens.count == 1000)
  }

  @Test func hashIs32BytesAndStablePerToken() throws {
    let source = try SodiumTokenSource()
    let token = source.makeToken()
    let hash = try #require(source.hash(token))
    #expect(hash.rawValue.count == 32)
    #expect(source.hash(SessionToken(rawValue: token.rawValue)) == hash)
    #expect(source.hash(source.makeToken()) != hash)
  }

  @Test(arguments: [
    "", "abc", "not a token at all, not even close to base64",
    String(repeating: "A", count: 42), String(repeating: "A", count: 44),
    String(repeating: "A", count: 43) + "=", String(repeating: "+", count: 43),
    " " + String(repeating: "A", count: 43),
  ])
  func textThatIsNotExactly32BytesHasNoHash(_ text: String) throws {
    #expect(try SodiumTokenSource().hash(SessionToken(rawValue: text)) == nil)
  }

  @Test func hashesMatchOnlyWhenEqual() throws {
    let source = try SodiumTokenSource()
    let one = try #require(source.hash(source.makeToken()))
    let two = try #require(source.hash(source.makeToken()))
    #expect(source.hashesMatch(one, TokenHash(rawValue: Array(one.rawValue))))
    #expect(!source.hashesMatch(one, two))
    #expect(!source.hashesMatch(one, TokenHash(rawValue: Array(one.rawValue.prefix(16)))))
    #expect(!source.hashesMatch(TokenHash(rawValue: []), TokenHash(rawValue: [])))
  }

  @Test func tokenDescriptionIsRedacted() throws {
    let token = try SodiumTokenSource().makeToken()
    #expect(!"\(token)".contains(token.rawValue))
  }
}
