print("seguelab")
