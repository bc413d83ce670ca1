/// Python that tests run against Django's own hashers.
public enum DjangoSettings {
  /// Python lines that configure Django outside a project with every hasher the tests make
  /// hashes with; a snippet starts with them, then imports from `django.contrib.auth`.
  public static let everyHasher = """
    from django.conf import settings
    settings.configure(PASSWORD_HASHERS=[
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
        "django.contrib.auth.hashers.Argon2PasswordHasher",
        "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
        "django.contrib.auth.hashers.ScryptPasswordHasher",
    ])
    """
}
