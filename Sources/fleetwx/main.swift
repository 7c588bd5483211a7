// Placeholder executable.
print("fleetwx")
