"""screens/analysis"""
