"""Reading files: the bounded, strict readers every file of the package goes through."""
