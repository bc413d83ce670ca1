import AuthCLI
