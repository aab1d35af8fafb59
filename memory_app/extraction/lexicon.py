"""Generic bilingual word lists the rule extractor reasons with.

What is here: words for family relations, pet species, occupations (whole words and the suffixes Chinese
job names end with), health conditions (common names and the suffixes illness names end with), the
major cities of China plus some world capitals, courier companies, language names, sports, and a fold of
common food and drink names onto one ascii key segment (so a later statement about the same thing, in either
language, lands on the same key). Nothing here is taken from a conversation or an evaluation set.
"""

# surface form -> canonical ascii key segment (both languages fold to the same segment)
CANONICAL_ITEMS = {
    # drinks, by their head word
    "咖啡": "coffee", "coffee": "coffee", "latte": "coffee", "espresso": "coffee", "americano": "coffee",
    "cappuccino": "coffee", "拿铁": "coffee", "美式": "coffee", "浓缩": "coffee",
    "茶": "tea", "tea": "tea", "奶茶": "milk_tea", "milk tea": "milk_tea", "bubble tea": "milk_tea",
    "牛奶": "milk", "milk": "milk", "豆浆": "soy_milk", "soy milk": "soy_milk", "果汁": "juice", "juice": "juice",
    "可乐": "soda", "汽水": "soda", "soda": "soda", "cola": "soda", "酒": "alcohol", "alcohol": "alcohol",
    "drinking": "alcohol", "啤酒": "beer", "beer": "beer", "红酒": "wine", "葡萄酒": "wine", "wine": "wine",
    "白酒": "liquor", "liquor": "liquor", "水": "water", "water": "water",
    # foods and ingredients people commonly avoid or favour
    "肉": "meat", "meat": "meat", "猪肉": "pork", "pork": "pork", "牛肉": "beef", "beef": "beef",
    "鸡肉": "chicken", "chicken": "chicken", "羊肉": "lamb", "lamb": "lamb", "鱼": "fish", "fish": "fish",
    "海鲜": "seafood", "seafood": "seafood", "虾": "shrimp", "shrimp": "shrimp", "贝类": "shellfish",
    "shellfish": "shellfish", "鸡蛋": "egg", "蛋": "egg", "egg": "egg", "eggs": "egg", "乳制品": "dairy",
    "dairy": "dairy", "花生": "peanut", "peanut": "peanut", "peanuts": "peanut", "坚果": "tree_nuts",
    "nuts": "tree_nuts", "tree nuts": "tree_nuts", "麸质": "gluten", "gluten": "gluten", "小麦": "wheat",
    "wheat": "wheat", "大豆": "soy", "soy": "soy", "芝麻": "sesame", "sesame": "sesame", "糖": "sugar",
    "sugar": "sugar", "甜食": "sweets", "甜的": "sweets", "甜品": "sweets", "甜点": "sweets", "sweets": "sweets",
    "dessert": "sweets", "desserts": "sweets", "辣": "spicy", "辣的": "spicy", "辣椒": "spicy", "吃辣": "spicy",
    "spicy": "spicy", "spicy food": "spicy", "chili": "spicy",
}

# The head word that makes a thing a drink ("oolong tea", "冰美式", "柠檬水").
DRINK_HEADS_ZH = ("咖啡", "拿铁", "美式", "茶", "奶", "汁", "酒", "水", "可乐", "饮料", "汽水", "豆浆")
DRINK_HEADS_EN = ("coffee", "latte", "espresso", "tea", "milk", "juice", "beer", "wine", "whisky", "whiskey",
                  "vodka", "gin", "rum", "sake", "soda", "cola", "water", "lemonade", "cocktail", "alcohol", "booze")

# Chinese relation word -> english key segment
RELATIONS_ZH = {
    "老公": "husband", "丈夫": "husband", "先生": "husband", "爱人": "spouse", "老婆": "wife", "妻子": "wife",
    "媳妇": "wife", "太太": "wife", "儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child",
    "小孩": "child", "娃": "child", "宝宝": "baby", "爸爸": "father", "父亲": "father", "老爸": "father", "爸": "father",
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "妈": "mother", "男朋友": "boyfriend", "男友": "boyfriend",
    "女朋友": "girlfriend", "女友": "girlfriend", "对象": "partner", "哥哥": "brother", "哥": "brother",
    "弟弟": "brother", "姐姐": "sister", "姐": "sister", "妹妹": "sister", "孙女": "granddaughter",
    "外孙女": "granddaughter", "孙子": "grandson", "外孙": "grandson", "爷爷": "grandfather", "外公": "grandfather",
    "姥爷": "grandfather", "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother",
    "婆婆": "mother_in_law", "岳母": "mother_in_law", "公公": "father_in_law", "岳父": "father_in_law",
    "前男友": "ex", "前女友": "ex", "前夫": "ex", "前妻": "ex", "室友": "roommate", "朋友": "friend",
}
# Relations that name someone at the start of a clause without "我" ("女儿…"); siblings and friends need "我".
CLAUSE_INITIAL_RELATIONS_ZH = (
    "老公", "丈夫", "爱人", "老婆", "妻子", "媳妇", "儿子", "女儿", "闺女", "外孙女", "孙女", "外孙", "孙子",
    "男朋友", "女朋友", "对象", "宝宝",
)
RELATIONS_EN = {
    "husband": "husband", "wife": "wife", "partner": "partner", "spouse": "spouse", "boyfriend": "boyfriend",
    "girlfriend": "girlfriend", "fiance": "partner", "fiancé": "partner", "fiancee": "partner", "fiancée": "partner",
    "son": "son", "daughter": "daughter", "kid": "child", "kids": "children", "child": "child", "children": "children",
    "baby": "baby", "mom": "mother", "mum": "mother", "mother": "mother", "dad": "father", "father": "father",
    "parents": "parents", "brother": "brother", "sister": "sister", "grandma": "grandmother",
    "grandmother": "grandmother", "grandpa": "grandfather", "grandfather": "grandfather", "grandson": "grandson",
    "granddaughter": "granddaughter", "niece": "niece", "nephew": "nephew", "cousin": "cousin", "aunt": "aunt",
    "uncle": "uncle", "ex": "ex", "roommate": "roommate", "best friend": "best_friend", "friend": "friend",
    **{f"{person}{joint}in{joint}law": f"{person}_in_law" for person in ("mother", "father", "sister", "brother", "son",
                                                                          "daughter") for joint in ("-", " ")},
    **{f"step{person}": f"step{person}" for person in ("mother", "mom", "mum", "father", "dad", "son", "daughter",
                                                        "brother", "sister")},
    "stepkids": "stepchildren", "grandkids": "grandchildren", "grandchildren": "grandchildren", "twins": "twins",
}
# Relations there is one of: their key has no name segment, so a new name replaces the old one.
UNIQUE_RELATIONS = {"husband", "wife", "spouse", "boyfriend", "girlfriend", "partner", "mother", "father"}

# People a Chinese clause can be about besides family: roles, and people by how the speaker knows them
# ("同事对…过敏" is the colleague's allergy, not the speaker's).
PEOPLE_ROLES_ZH = ("同事", "同学", "老师", "医生", "大夫", "护士", "老板", "领导", "上司", "经理", "主管", "下属", "邻居",
                   "客户", "客人", "顾客", "病人", "患者", "学生", "师傅", "教练", "队友", "房东", "租客", "房客", "闺蜜",
                   "哥们", "兄弟", "亲戚", "阿姨", "叔叔", "舅舅", "舅妈", "姑姑", "姨妈", "伯伯", "大爷", "大妈", "表哥",
                   "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹", "别人", "人家", "大家")

# A pet is named by its species word, which ends the noun phrase in Chinese ("小橘猫", "牧羊犬").
PET_SPECIES_ZH = ("猫咪", "狗狗", "猫", "狗", "犬", "兔子", "兔", "仓鼠", "鹦鹉", "乌龟", "金鱼", "鸟", "龙猫", "刺猬", "蜥蜴", "蛇")
PET_SPECIES_EN = ("dog", "cat", "puppy", "kitten", "pup", "rabbit", "bunny", "hamster", "guinea pig", "parrot", "bird",
                  "budgie", "turtle", "tortoise", "goldfish", "fish", "ferret", "snake", "lizard", "gecko", "horse",
                  "pony", "canary", "cockatiel", "chinchilla", "axolotl", "kitty", "tabby",
                  # dog breeds people name their dog by ("our greyhound Lulu")
                  "labrador", "retriever", "spaniel", "terrier", "poodle", "greyhound", "whippet", "beagle", "collie",
                  "husky", "corgi", "dachshund", "pug", "bulldog", "chihuahua", "schnauzer", "shepherd", "sheepdog")

# Job names: whole words, and the endings Chinese job names share (工程师, 营业员, 快递小哥 are all covered).
JOB_WORDS_EN = (
    "teacher", "nurse", "doctor", "physician", "surgeon", "dentist", "pharmacist", "vet", "veterinarian",
    "engineer", "developer", "programmer", "designer", "architect", "lawyer", "attorney", "paralegal", "accountant",
    "auditor", "manager", "director", "assistant", "coordinator", "analyst", "consultant", "scientist", "researcher",
    "professor", "lecturer", "tutor", "coach", "student", "chef", "cook", "baker", "barista", "waiter", "waitress",
    "bartender", "cashier", "clerk", "receptionist", "driver", "pilot", "mechanic", "electrician", "plumber",
    "carpenter", "farmer", "writer", "journalist", "editor", "photographer", "artist", "musician", "actor", "actress",
    "translator", "interpreter", "librarian", "firefighter", "officer", "soldier", "paramedic", "therapist",
    "counselor", "counsellor", "social worker", "salesperson", "marketer", "recruiter", "banker", "trader", "founder",
    "entrepreneur", "freelancer", "intern", "retiree", "homemaker", "ceo", "cto", "cfo", "owner", "technician",
)
JOB_SUFFIXES_ZH = ("工程师", "设计师", "分析师", "老师", "教师", "医生", "护士", "律师", "会计", "经理", "主管", "总监",
                   "老板", "司机", "厨师", "学生", "研究生", "博士生", "警察", "记者", "编辑", "作家", "销售", "客服",
                   "文员", "公务员", "程序员", "职员", "店长", "店主", "主播", "翻译", "顾问", "教授", "讲师", "师",
                   "员", "工", "匠")

# Conditions said by name, and the endings illness names share (糖尿病, 鼻炎, 焦虑症; -itis, … disease).
CONDITIONS_ZH = ("高血压", "高血糖", "高血脂", "高尿酸", "哮喘", "痛风", "贫血", "失眠", "湿疹", "偏头痛", "近视",
                 "抑郁", "焦虑", "怀孕", "备孕", "哺乳期", "不耐受")
CONDITION_SUFFIXES_ZH = ("病", "症", "炎", "癌", "瘤", "结石", "综合征", "不耐受", "偏高", "过高")
CONDITIONS_EN = ("asthma", "diabetes", "hypertension", "high blood pressure", "high cholesterol", "gout", "migraines",
                 "migraine", "arthritis", "eczema", "psoriasis", "epilepsy", "insomnia", "anxiety", "depression", "adhd",
                 "anemia", "anaemia", "acid reflux", "sleep apnea", "back pain", "a bad back", "tinnitus")
CONDITION_SUFFIXES_EN = ("itis", "disease", "syndrome", "disorder", "cancer", "intolerance", "deficiency")
CONDITION_STATES_EN = ("diabetic", "asthmatic", "epileptic", "pregnant", "anemic", "lactose intolerant",
                       "gluten intolerant")
DIETS_EN = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "halal": "halal",
            "kosher": "kosher", "keto": "keto", "gluten-free": "gluten_free", "gluten free": "gluten_free",
            "plant-based": "vegan", "plant based": "vegan"}
DIETS_ZH = {"吃素": "vegetarian", "素食": "vegetarian", "吃全素": "vegan", "纯素": "vegan", "吃斋": "vegetarian",
            "清真": "halal", "生酮": "keto"}

SPORTS_ZH = ("跑步", "慢跑", "健身", "瑜伽", "普拉提", "游泳", "散步", "快走", "爬山", "徒步", "骑车", "骑行", "跳绳", "太极",
             "跳舞", "羽毛球", "乒乓球", "篮球", "足球", "网球", "排球", "拳击", "攀岩", "滑雪", "冲浪", "举铁")
SPORTS_EN = ("running", "jogging", "yoga", "pilates", "swimming", "cycling", "hiking", "walking", "gym", "lifting",
             "climbing", "tennis", "badminton", "basketball", "football", "soccer", "volleyball", "boxing", "skiing",
             "surfing", "dancing", "rowing", "tai chi", "crossfit")

# Major cities: Chinese provincial capitals and other large cities, and some cities abroad.
CITIES_ZH = (
    "北京", "上海", "天津", "重庆", "广州", "深圳", "杭州", "南京", "苏州", "成都", "武汉", "西安", "长沙", "郑州", "青岛",
    "济南", "厦门", "福州", "合肥", "南昌", "昆明", "贵阳", "南宁", "海口", "三亚", "沈阳", "大连", "长春", "哈尔滨",
    "石家庄", "太原", "呼和浩特", "兰州", "西宁", "银川", "乌鲁木齐", "拉萨", "宁波", "无锡", "温州", "佛山", "东莞",
    "珠海", "泉州", "常州", "徐州", "烟台", "洛阳", "桂林", "香港", "澳门", "台北", "高雄",
    "东京", "大阪", "首尔", "新加坡", "曼谷", "伦敦", "巴黎", "纽约", "洛杉矶", "旧金山", "悉尼", "墨尔本", "温哥华",
    "多伦多", "柏林", "罗马", "莫斯科", "迪拜",
)

COURIERS_ZH = ("顺丰", "京东", "中通", "圆通", "申通", "韵达", "邮政", "EMS", "极兔", "德邦", "安能", "百世", "菜鸟", "跨越",
               "闪送", "宅急送")
COURIERS_EN = ("UPS", "FedEx", "DHL", "USPS", "Royal Mail", "Canada Post", "Australia Post", "TNT", "Aramex", "SF Express")

# language names -> the value stored (reply.language, profile.language)
LANGUAGES = {
    "中文": "中文", "汉语": "中文", "普通话": "中文", "粤语": "粤语", "英文": "English", "英语": "English", "日语": "日本語",
    "日文": "日本語", "韩语": "한국어", "法语": "Français", "德语": "Deutsch", "西班牙语": "Español", "俄语": "Русский",
    "english": "English", "chinese": "中文", "mandarin": "中文", "cantonese": "粤语", "japanese": "日本語",
    "korean": "한국어", "french": "Français", "german": "Deutsch", "spanish": "Español", "italian": "Italiano",
    "portuguese": "Português", "russian": "Русский", "arabic": "العربية", "hindi": "हिन्दी", "dutch": "Nederlands",
}

# Chinese numerals (for amounts like 五千, 两万三)
ZH_NUMBER_CHARS = "零〇一二两三四五六七八九十百千万亿点半"
