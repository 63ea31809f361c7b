# golden tests
